#!/usr/bin/env python3
"""A small intentd client in Python (standard library only), written from docs/protocol.md.

Runs an utterance and answers the daemon's questions, from --answer arguments in order,
else from the terminal. Prints each outcome as one JSON line.

    python3 client.py [--socket PATH] [--answer TEXT ...] [--route] UTTERANCE
"""
import argparse
import itertools
import json
import os
import socket
import sys


class Daemon:
    def __init__(self, path):
        self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.conn.connect(path)
        self.stream = self.conn.makefile("rw", encoding="utf-8", newline="\n")
        self.ids = itertools.count(1)

    def call(self, method, params):
        request_id = next(self.ids)
        self.stream.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n")
        self.stream.flush()
        for line in self.stream:
            message = json.loads(line)
            if message.get("id") != request_id:
                continue  # not ours (this client sends one request at a time)
            if "error" in message:
                raise RuntimeError("%s (%d): %s" % (message["error"]["message"], message["error"]["code"],
                                                    json.dumps(message["error"].get("data"))))
            return message["result"]
        raise RuntimeError("the daemon closed the connection")


def default_socket():
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "intentd.sock")
    return "/tmp/intentd-%d.sock" % os.getuid()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get("INTENTD_SOCKET", default_socket()))
    parser.add_argument("--answer", action="append", default=[], help="an answer to the next question")
    parser.add_argument("--route", action="store_true", help="only route (dry run)")
    parser.add_argument("utterance")
    args = parser.parse_args()

    try:
        daemon = Daemon(args.socket)
    except OSError as error:
        print("error: cannot reach intentd at %s (%s); start it with `intentd serve --demo`" % (args.socket, error.strerror or error), file=sys.stderr)
        return 1
    if args.route:
        print(json.dumps(daemon.call("route", {"utterance": args.utterance})))
        return 0
    answers = list(args.answer)
    try:
        outcome = daemon.call("run", {"utterance": args.utterance})
        print(json.dumps(outcome))
        while outcome["status"] == "question":
            question = outcome["question"]
            if answers:
                answer = answers.pop(0)
            else:
                choices = "".join("\n  %d. %s" % (c["index"], c["title"]) for c in question.get("choices", []))
                try:
                    answer = input(question["prompt"] + choices + "\n> ")
                except EOFError:
                    print("error: the daemon asks \"%s\" and there is no answer on standard input; pass --answer" % question["prompt"], file=sys.stderr)
                    return 2
            params = {"session": outcome["session"]}
            if answer == "cancel":
                params["cancel"] = True
            else:
                params["text"] = answer
            outcome = daemon.call("continue", params)
            print(json.dumps(outcome))
    except RuntimeError as error:
        print("error: %s" % error, file=sys.stderr)
        return 1
    result = outcome.get("result") or {}
    print(result.get("dialog") or outcome.get("message") or "", file=sys.stderr)
    return 0 if outcome["status"] in ("done", "cancelled") else 2


if __name__ == "__main__":
    sys.exit(main())
