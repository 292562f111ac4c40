// The definitions of apps, values and schemas in intentd's binary form (``BinaryCodable``),
// for the compiled-phrase cache. Each type writes every stored property, in declaration order.

extension SourceLocation: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(file)
        out.write(line)
        out.write(column)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(file: try input.read(), line: try input.read(), column: try input.read())
    }
}

extension AppDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(displayName)
        out.write(synonyms)
        out.write(intents)
        out.write(entityTypes)
        out.write(enums)
        out.write(phrases)
        out.write(rules)
        out.write(exec)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), displayName: try input.read(), synonyms: try input.read(), intents: try input.read(),
            entityTypes: try input.read(), enums: try input.read(), phrases: try input.read(), rules: try input.read(),
            exec: try input.read())
    }
}

extension PhraseTemplate: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(intent)
        out.write(language)
        out.write(text)
        out.write(location)
        out.write(values)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            intent: try input.read(), language: try input.read(), text: try input.read(), location: try input.read(),
            values: try input.read())
    }
}

extension AuthenticationPolicy: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) { out.write(rawValue) }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readRawValue() }
}

extension IntentDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(title)
        out.write(description)
        out.write(parameters)
        out.write(isDiscoverable)
        out.write(openAppWhenRun)
        out.write(authenticationPolicy)
        out.write(confirmationDialog)
        out.write(parameterSummary)
        out.write(adoptedSchema)
        out.write(effect)
        out.write(examples)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), title: try input.read(), description: try input.read(), parameters: try input.read(),
            isDiscoverable: try input.read(), openAppWhenRun: try input.read(), authenticationPolicy: try input.read(),
            confirmationDialog: try input.read(), parameterSummary: try input.read(), adoptedSchema: try input.read())
        effect = try input.read()
        examples = try input.read()
    }
}

extension IntentEffect: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .readOnly: out.writeRaw(UInt8(0))
        case .reversible(let undo):
            out.writeRaw(UInt8(1))
            out.write(undo)
        case .destructive: out.writeRaw(UInt8(2))
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 3) {
        case 0: self = .readOnly
        case 1: self = .reversible(try input.read())
        default: self = .destructive
        }
    }
}

extension UndoAction: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(intent)
        out.write(parameters)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(intent: try input.read(), parameters: try input.read())
    }
}

extension ParameterDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(name)
        out.write(title)
        out.write(type)
        out.write(isOptional)
        out.write(defaultValue)
        out.write(requestValueDialog)
        out.write(description)
        out.write(fileTypes)
        out.write(fileDirectory)
        out.write(needsTime)
        out.write(inclusiveRange?.lowerBound)
        out.write(inclusiveRange?.upperBound)
        out.write(inThePast)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            name: try input.read(), title: try input.read(String.self), type: try input.read(), isOptional: try input.read(),
            defaultValue: try input.read(), requestValueDialog: try input.read(), description: try input.read())
        fileTypes = try input.read()
        fileDirectory = try input.read()
        needsTime = try input.read()
        let lower: Double? = try input.read()
        let upper: Double? = try input.read()
        if let lower, let upper, lower <= upper { inclusiveRange = lower...upper }
        inThePast = try input.read()
    }
}

extension DefaultValue: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .value(let value):
            out.writeRaw(UInt8(0))
            out.write(value)
        case .now: out.writeRaw(UInt8(1))
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self = try input.readTag(below: 2) == 0 ? .value(try input.read()) : .now
    }
}

extension PropertyDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(name)
        out.write(title)
        out.write(type)
        out.write(isOptional)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(name: try input.read(), title: try input.read(String.self), type: try input.read(), isOptional: try input.read())
    }
}

extension EntityTypeDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(name)
        out.write(displayName)
        out.write(properties)
        out.write(values)
        out.write(adoptedSchema)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            name: try input.read(), displayName: try input.read(), properties: try input.read(), values: try input.read(),
            adoptedSchema: try input.read())
    }
}

extension EntityRecord: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(title)
        out.write(subtitle)
        out.write(synonyms)
        out.write(properties)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), title: try input.read(), subtitle: try input.read(), synonyms: try input.read(),
            properties: try input.read())
    }
}

extension EnumDefinition: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(name)
        out.write(displayName)
        out.write(cases)
        out.write(adoptedSchema)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(name: try input.read(), displayName: try input.read(), cases: try input.read(), adoptedSchema: try input.read())
    }
}

extension EnumCase: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(title)
        out.write(synonyms)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(id: try input.read(), title: try input.read(), synonyms: try input.read())
    }
}

// MARK: - Values

extension ValueType: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .string: out.writeRaw(UInt8(0))
        case .int: out.writeRaw(UInt8(1))
        case .double: out.writeRaw(UInt8(2))
        case .bool: out.writeRaw(UInt8(3))
        case .date: out.writeRaw(UInt8(4))
        case .duration: out.writeRaw(UInt8(5))
        case .url: out.writeRaw(UInt8(6))
        case .email: out.writeRaw(UInt8(7))
        case .phoneNumber: out.writeRaw(UInt8(8))
        case .currencyAmount: out.writeRaw(UInt8(9))
        case .measurement(let dimension):
            out.writeRaw(UInt8(10))
            out.write(dimension)
        case .person: out.writeRaw(UInt8(11))
        case .file: out.writeRaw(UInt8(12))
        case .enumeration(let name):
            out.writeRaw(UInt8(13))
            out.write(name)
        case .entity(let name):
            out.writeRaw(UInt8(14))
            out.write(name)
        case .list(let element):
            out.writeRaw(UInt8(15))
            out.write(element)
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 16) {
        case 0: self = .string
        case 1: self = .int
        case 2: self = .double
        case 3: self = .bool
        case 4: self = .date
        case 5: self = .duration
        case 6: self = .url
        case 7: self = .email
        case 8: self = .phoneNumber
        case 9: self = .currencyAmount
        case 10: self = .measurement(dimension: try input.read())
        case 11: self = .person
        case 12: self = .file
        case 13: self = .enumeration(try input.read())
        case 14: self = .entity(try input.read())
        default: self = .list(try input.read())
        }
    }
}

extension Value: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .string(let text): out.tagged(0, text)
        case .int(let number): out.tagged(1, number)
        case .double(let number): out.tagged(2, number)
        case .bool(let flag): out.tagged(3, flag)
        case .date(let date): out.tagged(4, date)
        case .duration(let seconds): out.tagged(5, seconds)
        case .url(let text): out.tagged(6, text)
        case .email(let text): out.tagged(7, text)
        case .phoneNumber(let text): out.tagged(8, text)
        case .currencyAmount(let amount): out.tagged(9, amount)
        case .measurement(let measurement): out.tagged(10, measurement)
        case .enumCase(let id): out.tagged(11, id)
        case .entity(let reference): out.tagged(12, reference)
        case .person(let person): out.tagged(13, person)
        case .file(let path): out.tagged(14, path)
        case .list(let items): out.tagged(15, items)
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 16) {
        case 0: self = .string(try input.read())
        case 1: self = .int(try input.read())
        case 2: self = .double(try input.read())
        case 3: self = .bool(try input.read())
        case 4: self = .date(try input.read())
        case 5: self = .duration(try input.read())
        case 6: self = .url(try input.read())
        case 7: self = .email(try input.read())
        case 8: self = .phoneNumber(try input.read())
        case 9: self = .currencyAmount(try input.read())
        case 10: self = .measurement(try input.read())
        case 11: self = .enumCase(try input.read())
        case 12: self = .entity(try input.read())
        case 13: self = .person(try input.read())
        case 14: self = .file(path: try input.read())
        default: self = .list(try input.read())
        }
    }
}

extension BinaryWriter {
    /// Appends a one-byte tag and then `value`: a case of an enum with a payload.
    package mutating func tagged<T: BinaryCodable>(_ tag: UInt8, _ value: T) {
        writeRaw(tag)
        write(value)
    }
}

extension LocalDateTime: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        for part in [year, month, day, hour, minute, second] { out.write(part) }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            year: try input.read(), month: try input.read(), day: try input.read(), hour: try input.read(),
            minute: try input.read(), second: try input.read())
    }
}

extension CurrencyAmount: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(amount)
        out.write(currency)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(amount: try input.read(), currency: try input.read())
    }
}

extension Measurement: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(value)
        out.write(unit)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(value: try input.read(), unit: try input.read())
    }
}

extension EntityReference: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(title)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(id: try input.read(), title: try input.read())
    }
}

extension Person: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(name)
        out.write(email)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(id: try input.read(), name: try input.read(), email: try input.read())
    }
}

extension JSONValue: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .null: out.writeRaw(UInt8(0))
        case .bool(let flag): out.tagged(1, flag)
        case .number(let number): out.tagged(2, number)
        case .largeInteger(let digits): out.tagged(3, digits)
        case .string(let text): out.tagged(4, text)
        case .array(let items): out.tagged(5, items)
        case .object(let members):
            out.writeRaw(UInt8(6))
            out.writeCount(members.count)
            for (name, value) in members {
                out.write(name)
                out.write(value)
            }
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 7) {
        case 0: self = .null
        case 1: self = .bool(try input.read())
        case 2: self = .number(try input.read())
        case 3: self = .largeInteger(try input.read())
        case 4: self = .string(try input.read())
        case 5: self = .array(try input.read())
        default:
            let count = try input.readCount()
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(count)
            for _ in 0..<count { members.append((try input.read(), try input.read())) }
            self = .object(members)
        }
    }
}

// MARK: - Schemas

extension SchemaCatalog: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) { out.write(domains) }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self.init(domains: try input.read()) }
}

extension SchemaDomain: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(title)
        out.write(category)
        out.write(adoptWhole)
        out.write(source)
        out.write(intents)
        out.write(entities)
        out.write(enums)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), title: try input.read(), category: try input.read(), adoptWhole: try input.read(),
            source: try input.read(), intents: try input.read(), entities: try input.read(), enums: try input.read(),
            location: try input.read())
    }
}

extension SchemaConfidence: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) { out.write(rawValue) }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readRawValue() }
}

extension IntentSchema.Kind: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) { out.write(rawValue) }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readRawValue() }
}

extension SchemaType: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        switch self {
        case .value(let type): out.tagged(0, type)
        case .schema(let id): out.tagged(1, id)
        case .any: out.writeRaw(UInt8(2))
        case .list(let element): out.tagged(3, element)
        }
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        switch try input.readTag(below: 4) {
        case 0: self = .value(try input.read())
        case 1: self = .schema(try input.read())
        case 2: self = .any
        default: self = .list(try input.read())
        }
    }
}

extension SchemaParameter: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(name)
        out.write(type)
        out.write(isOptional)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(name: try input.read(), type: try input.read(), isOptional: try input.read(), location: try input.read())
    }
}

extension IntentSchema: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(purpose)
        out.write(kind)
        out.write(parameters)
        out.write(returns)
        out.write(confidence)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), purpose: try input.read(), kind: try input.read(), parameters: try input.read(),
            returns: try input.read(), confidence: try input.read(), location: try input.read())
    }
}

extension EntitySchema: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(purpose)
        out.write(properties)
        out.write(confidence)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), purpose: try input.read(), properties: try input.read(), confidence: try input.read(),
            location: try input.read())
    }
}

extension EnumSchema: BinaryCodable {
    @usableFromInline package func write(to out: inout BinaryWriter) {
        out.write(id)
        out.write(purpose)
        out.write(cases)
        out.write(confidence)
        out.write(location)
    }
    @usableFromInline package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self.init(
            id: try input.read(), purpose: try input.read(), cases: try input.read(), confidence: try input.read(),
            location: try input.read())
    }
}
