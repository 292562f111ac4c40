#!/usr/bin/env python3
"""A small intentd app in Python (standard library only), written from docs/protocol.md.

It connects to the daemon's socket, registers the app "pynotes", and answers
intent.perform and entity.query until the daemon closes the connection.

    python3 notes_app.py [--socket PATH]

The socket defaults to $INTENTD_SOCKET (set when the daemon starts the app with `exec`),
then $XDG_RUNTIME_DIR/intentd.sock, then /tmp/intentd-$UID.sock.
"""
import argparse
import json
import os
import socket
import sys

APP = {
    "id": "pynotes",
    "name": "Python Notes",
    "synonyms": ["python notes"],
    "entities": [{"name": "Note", "title": "Note", "properties": [{"name": "text", "type": "String"}]}],
    "intents": [
        {"id": "add", "title": "Add a note",
         "parameters": [{"name": "text", "type": "String", "requestValueDialog": "What should the note say?"}],
         "phrases": ["add a python note [saying] {text}", "add a python note"]},
        {"id": "count", "title": "Count notes", "phrases": ["how many python notes [do i have]"]},
        {"id": "delete", "title": "Delete a note", "parameters": [{"name": "note", "type": "Note"}],
         "confirmation": "Delete the note '${note}'?", "phrases": ["delete a python note"]},
    ],
}

notes = {"p1": "water the plants", "p2": "call the plumber"}


def default_socket():
    if os.environ.get("INTENTD_SOCKET"):
        return os.environ["INTENTD_SOCKET"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "intentd.sock")
    return "/tmp/intentd-%d.sock" % os.getuid()


def entity(note_id):
    return {"id": note_id, "title": notes[note_id]}


def perform(params):
    intent, values = params["intent"], params.get("parameters", {})
    if intent == "pynotes.add":
        text = values.get("text")
        if not text:
            return {"kind": "needsValue", "parameter": "text", "prompt": "What should the note say?"}
        note_id = "p%d" % (len(notes) + 1)
        notes[note_id] = text
        return {"kind": "result", "dialog": "Added '%s'" % text, "value": entity(note_id)}
    if intent == "pynotes.count":
        listing = "\n".join("- " + text for text in notes.values())
        return {"kind": "result", "dialog": "You have %d notes" % len(notes), "value": len(notes), "snippet": listing}
    if intent == "pynotes.delete":
        note_id = values["note"]["id"]
        if note_id not in notes:
            return {"kind": "error", "message": "Note Not Found"}
        del notes[note_id]
        return {"kind": "result", "dialog": "Deleted"}
    return {"kind": "error", "message": "I can't do that"}


def query(params):
    kind = params["kind"]
    if kind == "identifiers":
        found = [i for i in params["identifiers"] if i in notes]
    elif kind == "string":
        found = [i for i, text in notes.items() if params["text"].lower() in text.lower()]
    else:  # suggested, all, property
        found = list(notes)
    limit = params.get("limit")
    if limit is not None:
        found = found[:limit]
    return {"entities": [entity(i) for i in found]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=default_socket())
    args = parser.parse_args()

    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(args.socket)
    except OSError as error:
        print("error: cannot reach intentd at %s (%s); start it with `intentd serve`" % (args.socket, error.strerror or error), file=sys.stderr)
        return 1
    stream = conn.makefile("rw", encoding="utf-8", newline="\n")

    def send(message):
        stream.write(json.dumps(message, separators=(",", ":")) + "\n")
        stream.flush()

    send({"jsonrpc": "2.0", "id": "register", "method": "app.register", "params": {"app": APP}})
    for line in stream:
        message = json.loads(line)
        if "method" not in message:  # a response to our own request
            if message.get("id") == "register":
                if "error" in message:
                    print("registration refused: %s" % message["error"], file=sys.stderr)
                    return 1
                print("registered %s" % message["result"]["app"], file=sys.stderr)
            continue
        if "id" not in message:  # a notification, such as $/cancelRequest: never answered
            continue
        try:
            if message["method"] == "intent.perform":
                result = perform(message["params"])
            elif message["method"] == "entity.query":
                result = query(message["params"])
            else:
                send({"jsonrpc": "2.0", "id": message.get("id"),
                      "error": {"code": -32601, "message": "Method not found"}})
                continue
            send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        except (KeyError, TypeError) as error:
            send({"jsonrpc": "2.0", "id": message.get("id"),
                  "error": {"code": -32602, "message": "Invalid params", "data": {"reason": str(error)}}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
