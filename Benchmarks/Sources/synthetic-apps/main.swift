// Writes the synthetic apps of the benchmarks as phrase files, so that every figure of
// docs/performance.md measured on them can be reproduced with the CLI:
//
//     swift run -c release synthetic-apps --intents 10000 --out /tmp/apps-10000
//     time ../.build/release/intentd route --phrases /tmp/apps-10000 "$(head -1 /tmp/apps-10000/utterances.txt)"
//
// The folder gets one phrase file per app of ten intents, a copy of the repository's shared
// English file (rules and filler words) that the generated phrases use, and utterances.txt:
// the twenty utterances the benchmarks route, one per line. The same arguments give the
// same files on every run.
import Foundation
import SyntheticApps

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("synthetic-apps: \(message)\nusage: synthetic-apps --intents N --out DIR\n".utf8))
    exit(2)
}

var intents: Int?
var out: String?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--intents":
        guard let text = arguments.popFirst(), let count = Int(text), count > 0 else { fail("--intents takes a whole number above 0") }
        intents = count
    case "--out":
        guard let path = arguments.popFirst(), !path.isEmpty else { fail("--out takes a folder") }
        out = path
    case "-h", "--help":
        print("usage: synthetic-apps --intents N --out DIR")
        exit(0)
    default:
        fail("unknown argument '\(argument)'")
    }
}
guard let intents, let out else { fail("both --intents and --out are needed") }

let folder = URL(fileURLWithPath: out)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let files = SyntheticLibrary.files(intentCount: intents)
    for file in files {
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        try file.text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let utterances = BenchmarkUtterance.all.map(\.text).joined(separator: "\n") + "\n"
    try utterances.write(to: folder.appendingPathComponent("utterances.txt"), atomically: true, encoding: .utf8)
    let apps = files.count - 1
    print("wrote \(apps) apps of \(SyntheticApp.intentsPerApp) intents (\(apps * SyntheticApp.intentsPerApp) intents), common.en.yaml and utterances.txt to \(folder.path)")
} catch {
    fail("cannot write \(folder.path): \(error.localizedDescription)")
}
