import IntentModel

// The phrase library and the compiled matcher in intentd's binary form (``BinaryCodable``),
// for ``PhraseCache``. Each type writes every stored property, in declaration order; what is
// cheap to work out again (the vocabulary's look-up table, the fuzzy index, pronunciations)
// is rebuilt on reading instead.

extension PhraseLibrary: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(apps)
        out.write(schemaPhrases)
        out.write(catalog)
        out.write(sourceLocations)
        out.write(unreadableParameters)
        out.write(languages)
        out.write(contacts)
        out.write(homeAssistant)
        out.write(diagnostics)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(apps: try input.read(), schemaPhrases: try input.read())
        catalog = try input.read()
        sourceLocations = try input.read()
        unreadableParameters = try input.read()
        languages = try input.read()
        contacts = try input.read()
        homeAssistant = try input.read()
        diagnostics = try input.read()
    }
}

extension SchemaPhraseSet: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(schema)
        out.write(language)
        out.write(phrases)
        out.write(rules)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            schema: try input.read(), language: try input.read(), phrases: try input.read(), rules: try input.read(),
            location: try input.read())
    }
}

extension LanguageResources: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(rules)
        out.write(fillerWords)
        out.write(fillerPhrases)
        out.write(outsideScope)
        out.write(selfRepair)
        out.write(conjunctions)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init()
        rules = try input.read()
        fillerWords = try input.read()
        fillerPhrases = try input.read()
        outsideScope = try input.read()
        selfRepair = try input.read()
        conjunctions = try input.read()
    }
}

extension ContactDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(person)
        out.write(aliases)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(person: try input.read(), aliases: try input.read())
    }
}

extension Diagnostic: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(severity.rawValue)
        out.write(message)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(try input.readRawValue(), try input.read(), at: try input.read())
    }
}

// MARK: - Home Assistant

extension HomeAssistantMap: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(intents)
        out.write(entityTypes)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init()
        intents = try input.read()
        entityTypes = try input.read()
    }
}

extension HomeAssistantMap.Intent: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(haIntent)
        out.write(slotCombination)
        out.write(contextSlots)
        out.write(parameters)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            haIntent: try input.read(), slotCombination: try input.read(), contextSlots: try input.read(),
            parameters: try input.read())
    }
}

extension HomeAssistantMap.Parameter: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(slot)
        out.write(reading)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(slot: try input.read(), reading: try input.read())
    }
}

extension HomeAssistantMap.Reading: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .entity: out.writeRaw(UInt8(0))
        case .enumeration(let outs): out.tagged(1, outs)
        case .range(let range): out.tagged(2, range)
        case .wildcard: out.writeRaw(UInt8(3))
        case .fixed: out.writeRaw(UInt8(4))
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 5) {
        case 0: self = .entity
        case 1: self = .enumeration(outs: try input.read())
        case 2: self = .range(try input.read())
        case 3: self = .wildcard
        default: self = .fixed
        }
    }
}

extension HomeAssistantMap.Range: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(from)
        out.write(to)
        out.write(step)
        out.write(fractions)
        out.write(multiplier)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            from: try input.read(), to: try input.read(), step: try input.read(), fractions: try input.read(),
            multiplier: try input.read())
    }
}

extension HomeAssistantMap.EntityType: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(kind.rawValue)
        out.write(domains)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(kind: try input.readRawValue(), domains: try input.read())
    }
}

// MARK: - The compiled matcher

extension CompiledPhrases: BinaryCodable {
    /// The library and the matcher are written as two sections after one table of the long
    /// strings both use, and read at once on two threads: each takes about half of a warm
    /// start's decoding (docs/performance.md).
    @usableFromInline package func write(to out: inout BinaryWriter) {
        var sections = BinaryWriter(tablingLongStrings: true)
        sections.write(library)
        let librarySection = sections.takeBytes()
        matcher.write(to: &sections)
        sections.write(diagnostics)
        let matcherSection = sections.takeBytes()
        out.writeStringTable(sections.stringTable)
        out.writeSection(librarySection)
        out.writeSection(matcherSection)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        let strings = try input.readStringTable { ranges, buffer in
            let middle = ranges.count / 2
            let (first, second) = bothAtOnce(
                { ranges[..<middle].map { BinaryReader.string(at: $0, in: buffer) } },
                { ranges[middle...].map { BinaryReader.string(at: $0, in: buffer) } })
            return first + second
        }
        var librarySection = try input.readSection(strings: strings)
        var matcherSection = try input.readSection(strings: strings)
        let (libraryRead, matcherRead) = bothAtOnce(
            { () -> Result<PhraseLibrary, BinaryReader.Failure> in
                Result { () throws(BinaryReader.Failure) in
                    let library: PhraseLibrary = try librarySection.read()
                    guard librarySection.isAtEnd else { throw .invalid("bytes after the library", at: librarySection.offset) }
                    return library
                }
            },
            { () -> Result<(compiled: Matcher.Compiled, wordsOffset: Int, diagnostics: [Diagnostic]), BinaryReader.Failure> in
                Result { () throws(BinaryReader.Failure) in
                    let (compiled, wordsOffset) = try Matcher.Compiled.read(from: &matcherSection)
                    let diagnostics: [Diagnostic] = try matcherSection.read()
                    guard matcherSection.isAtEnd else { throw .invalid("bytes after the matcher", at: matcherSection.offset) }
                    return (compiled, wordsOffset, diagnostics)
                }
            })
        let library = try libraryRead.get()
        let read = try matcherRead.get()
        let matcher = try Matcher(cached: read.compiled, wordsOffset: read.wordsOffset, apps: library.apps)
        self.init(library: library, matcher: matcher, diagnostics: read.diagnostics)
    }
}

extension Matcher.Compiled {
    /// What ``Matcher/write(to:)`` wrote, checked in itself: every word and slot class it
    /// names is the vocabulary's and the automaton's. ``Matcher/init(cached:wordsOffset:apps:)``
    /// checks its intents against the apps. `wordsOffset` is where the words after the fuzzy
    /// index begin, for errors.
    static func read(from input: inout BinaryReader) throws(BinaryReader.Failure) -> (compiled: Self, wordsOffset: Int) {
        let automaton: Automaton = try input.read()
        let vocabulary = Vocabulary(words: try input.read())
        let lexicon: Lexicon = try input.read()
        let offset = input.offset
        let fuzzy = FuzzyIndex(
            vocabulary: vocabulary, deleteHashes: try input.readBlock(), deleteStarts: try input.readBlock(),
            deleteWords: try input.readBlock(), sounds: try input.read())
        let words = Int32(vocabulary.words.count)
        let classes = Int32(automaton.slotClasses.count)
        guard fuzzy.deleteStarts.count == fuzzy.deleteHashes.count + 1, fuzzy.deleteStarts.last == Int32(fuzzy.deleteWords.count),
            zip(fuzzy.deleteStarts, fuzzy.deleteStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
            fuzzy.deleteWords.allSatisfy({ (0..<words).contains($0) }),
            fuzzy.sounds.values.allSatisfy({ $0.allSatisfy { (0..<words).contains($0) } })
        else { throw .invalid("a fuzzy index whose words are not in the vocabulary", at: offset) }
        guard automaton.wordEdgeWord.allSatisfy({ (0..<words).contains($0) }),
            lexicon.entryList.allSatisfy({ (0..<classes).contains($0.slotClass) }),
            lexicon.branchWord.allSatisfy({ (0..<words).contains($0) })
        else { throw .invalid("a word or slot class the matcher does not have", at: offset) }
        let wordsOffset = input.offset
        let compiled = Self(
            automaton: automaton, vocabulary: vocabulary, lexicon: lexicon, fuzzy: fuzzy, fillerWords: try input.read(),
            fillerPhrases: try input.read(), overlap: try input.read(), entityAnchors: try input.read(),
            entityTypeWords: try input.read())
        // Every word id indexes the vocabulary and its pronunciations.
        let isWord = { (word: Int32) in (0..<words).contains(word) }
        guard compiled.fillerWords.allSatisfy(isWord), compiled.fillerPhrases.allSatisfy({ $0.allSatisfy(isWord) }),
            compiled.overlap.intentsByWord.keys.allSatisfy(isWord), compiled.overlap.fillerWords.allSatisfy(isWord),
            compiled.entityAnchors.keys.allSatisfy({ (0..<classes).contains($0) }),
            compiled.entityAnchors.values.allSatisfy({ $0.allSatisfy(isWord) }), compiled.entityTypeWords.allSatisfy(isWord)
        else { throw .invalid("a word the matcher does not have", at: wordsOffset) }
        return (compiled, wordsOffset)
    }
}

extension Matcher {
    /// Writes what the compiler made (``Compiled``); the apps and intents are the library's,
    /// written once with it.
    func write(to out: inout BinaryWriter) {
        out.write(automaton)
        out.write(vocabulary.words)
        out.write(lexicon)
        out.writeBlock(fuzzy.deleteHashes)
        out.writeBlock(fuzzy.deleteStarts)
        out.writeBlock(fuzzy.deleteWords)
        out.write(fuzzy.sounds)
        out.write(fillerWords)
        out.write(fillerPhrases)
        out.write(overlap)
        out.write(entityAnchors)
        out.write(entityTypeWords)
    }

    /// The matcher of `compiled`, read from the cache, for the library's `apps` (the compiler
    /// takes the intents of the apps in order), once every intent index in it is one of the
    /// apps'; `wordsOffset` for the error.
    init(cached compiled: Compiled, wordsOffset: Int, apps: [AppDefinition]) throws(BinaryReader.Failure) {
        let intents = apps.flatMap(\.intents)
        let intentCount = Int32(intents.count)
        guard compiled.automaton.phrases.allSatisfy({ (0..<intents.count).contains($0.intentIndex) }),
            compiled.overlap.intentsByWord.values.allSatisfy({ $0.allSatisfy { (0..<intentCount).contains($0) } })
        else { throw .invalid("a phrase of an intent the library does not have", at: wordsOffset) }
        self.init(compiled: compiled, intents: intents, apps: apps)
    }
}

extension Automaton: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        for block in [
            wordEdgeStart, wordEdgeWord, wordEdgeTarget, slotEdgeStart, slotEdgeClass, slotEdgeParameter, slotEdgeTarget,
            acceptedStart, acceptedPhrases,
        ] { out.writeBlock(block) }
        out.write(phrases)
        out.write(slotClasses)
        out.write(parameterNames)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        var blocks: [[Int32]] = []
        for _ in 0..<9 { blocks.append(try input.readBlock(Int32.self)) }
        self.init(phrases: try input.read(), slotClasses: try input.read(), parameterNames: try input.read())
        (wordEdgeStart, wordEdgeWord, wordEdgeTarget) = (blocks[0], blocks[1], blocks[2])
        (slotEdgeStart, slotEdgeClass, slotEdgeParameter, slotEdgeTarget) = (blocks[3], blocks[4], blocks[5], blocks[6])
        (acceptedStart, acceptedPhrases) = (blocks[7], blocks[8])
        try checkConsistency(at: input.offset)
    }

    /// Every edge and accepted phrase points inside the automaton: a cache that passes its
    /// checksum but was written by a faulty build must not send the matcher out of bounds.
    private func checkConsistency(at offset: Int) throws(BinaryReader.Failure) {
        let states = Int32(acceptedStart.count - 1)
        let starts = [wordEdgeStart, slotEdgeStart, acceptedStart]
        guard states >= 1, starts.allSatisfy({ $0.count == Int(states) + 1 && $0.first == 0 }),
            zip(wordEdgeStart, wordEdgeStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            zip(slotEdgeStart, slotEdgeStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            zip(acceptedStart, acceptedStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            wordEdgeStart.last == Int32(wordEdgeWord.count), wordEdgeWord.count == wordEdgeTarget.count,
            slotEdgeStart.last == Int32(slotEdgeClass.count), slotEdgeClass.count == slotEdgeParameter.count,
            slotEdgeClass.count == slotEdgeTarget.count, acceptedStart.last == Int32(acceptedPhrases.count),
            wordEdgeTarget.allSatisfy({ (0..<states).contains($0) }), slotEdgeTarget.allSatisfy({ (0..<states).contains($0) }),
            slotEdgeClass.allSatisfy({ (0..<Int32(slotClasses.count)).contains($0) }),
            slotEdgeParameter.allSatisfy({ (0..<Int32(parameterNames.count)).contains($0) }),
            acceptedPhrases.allSatisfy({ (0..<Int32(phrases.count)).contains($0) })
        else { throw .invalid("an automaton whose edges point outside it", at: offset) }
    }
}

extension CompiledPhrase: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(Int32(intentIndex))
        out.write(template)
        out.write(location)
        out.write(schema)
        out.write(language)
        out.write(Int32(minimumLiteralCount))
        out.write(values)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            intentIndex: Int(try input.read(Int32.self)), template: try input.read(), location: try input.read(),
            schema: try input.read(), language: try input.read(), minimumLiteralCount: Int(try input.read(Int32.self)),
            values: try input.read())
    }
}

extension SlotClass: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .typed(let type): out.tagged(0, type)
        case .lexicon(let type): out.tagged(1, type)
        case .freeText: out.writeRaw(UInt8(2))
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 3) {
        case 0: self = .typed(try input.read())
        case 1: self = .lexicon(type: try input.read())
        default: self = .freeText
        }
    }
}

extension Lexicon: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.writeBlock(branchStart)
        out.writeBlock(branchWord)
        out.writeBlock(branchNode)
        out.writeBlock(entryStart)
        out.write(entryList)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init()
        branchStart = try input.readBlock()
        branchWord = try input.readBlock()
        branchNode = try input.readBlock()
        entryStart = try input.readBlock()
        entryList = try input.read()
        let offset = input.offset
        let nodes = Int32(nodeCount)
        guard entryStart.count >= 2, branchStart.count == entryStart.count, branchStart.first == 0, branchStart.last == Int32(branchWord.count),
            entryStart.first == 0, entryStart.last == Int32(entryList.count), zip(entryStart, entryStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            branchWord.count == branchNode.count, zip(branchStart, branchStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            branchNode.allSatisfy({ (0..<nodes).contains($0) }),
            (0..<nodes).allSatisfy({ node in branches(of: node).dropFirst().allSatisfy { branchWord[$0 - 1] < branchWord[$0] } })
        else {
            throw .invalid("a lexicon whose branches point outside it", at: offset)
        }
    }
}

extension LexiconEntry: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(slotClass)
        out.write(valueID)
        out.write(title)
        out.write(quality)
        out.write(isPart)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            slotClass: try input.read(), valueID: try input.read(), title: try input.read(), quality: try input.read(),
            isPart: try input.read())
    }
}

extension WordOverlap: BinaryCodable {
    @usableFromInline func write(to out: inout BinaryWriter) {
        out.write(intentsByWord)
        out.write(fillerWords)
        out.write(intentCount)
    }
    @usableFromInline init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(intentsByWord: try input.read(), fillerWords: try input.read(), intentCount: try input.read())
    }
}
