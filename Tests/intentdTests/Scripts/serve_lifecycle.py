#!/usr/bin/env python3
"""Drives a real `intentd serve` process through its lifecycle for intentdTests.

    serve_lifecycle.py activation INTENTD PHRASES DIR   systemd-style socket activation
    serve_lifecycle.py shutdown INTENTD PHRASES DIR SIG an in-flight call across SIGTERM/SIGINT
    serve_lifecycle.py reload INTENTD PHRASES DIR       SIGHUP with a broken, then a changed file
    serve_lifecycle.py warm-reload INTENTD PHRASES DIR  started from the cache, SIGHUP reads one file

Prints one JSON object with what it saw; the Swift tests assert on it. Standard library only.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time


# Every daemon this script starts, so that none outlives it when a step fails.
DAEMONS = []


def start_daemon(argv, **options):
    """Starts `intentd serve`; its standard output is not ours (a daemon left running would
    otherwise hold the pipe the test reads to its end)."""
    daemon = subprocess.Popen(argv, stdout=subprocess.DEVNULL, **options)
    DAEMONS.append(daemon.pid)
    return daemon


def stop_daemons():
    for pid in DAEMONS:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def connect(path, timeout=90.0):
    """Connects to the daemon at `path`, waiting for it to listen: a loaded machine can take
    many seconds to start a debug build."""
    deadline = time.time() + timeout
    while True:
        try:
            conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            conn.connect(path)
            return conn
        except OSError:
            conn.close()
            if time.time() > deadline:
                raise
            time.sleep(0.05)


class Peer:
    def __init__(self, path):
        self.conn = connect(path)
        self.stream = self.conn.makefile("rw", encoding="utf-8", newline="\n")
        self.next_id = 0

    def send(self, message):
        self.stream.write(json.dumps(message) + "\n")
        self.stream.flush()

    def call(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.read()

    def read(self):
        line = self.stream.readline()
        return json.loads(line) if line else None


def route(path, utterance):
    reply = Peer(path).call("route", {"utterance": utterance})
    return (reply or {}).get("result", {}).get("intent")


def activation(intentd, phrases, directory):
    path = os.path.join(directory, "activated.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    pid = os.fork()
    DAEMONS.append(pid)
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        if listener.fileno() != 3:
            os.dup2(listener.fileno(), 3)
        os.set_inheritable(3, True)  # Python's sockets are closed on exec by default
        env = dict(os.environ, LISTEN_PID=str(os.getpid()), LISTEN_FDS="1")
        # The socket path is given too, but must not be bound: the inherited socket is used.
        os.execve(intentd, [intentd, "serve", "--socket", path, "--phrases", phrases], env)
    listener.close()
    intent = route(path, "add milk to my groceries list")
    os.kill(pid, signal.SIGTERM)
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"intent": intent, "exit": os.waitstatus_to_exitcode(status),
                      "socketFileKept": os.path.exists(path)}))


SLOW_APP = {
    "id": "slowpoke", "name": "Slowpoke", "synonyms": [],
    "intents": [{"id": "wait", "title": "Wait", "phrases": ["wait for slowpoke"]}],
}


def shutdown(intentd, phrases, directory, signame):
    path = os.path.join(directory, "daemon.sock")
    log = open(os.path.join(directory, "daemon.log"), "w")
    # A long grace: on a loaded machine the app's answer, sent once the daemon has begun to
    # shut down, can take seconds to arrive.
    daemon = start_daemon([intentd, "serve", "--socket", path, "--phrases", phrases, "--shutdown-grace", "60"],
                          stderr=log)
    app = Peer(path)
    registered = app.call("app.register", {"app": SLOW_APP})
    client = Peer(path)
    outcome = {}

    def run():
        outcome["reply"] = client.call("run", {"utterance": "wait for slowpoke"})

    caller = threading.Thread(target=run)
    caller.start()
    request = app.read()  # the daemon's intent.perform: the call is now in flight
    daemon.send_signal(getattr(signal, signame))
    # The app answers only once the daemon says it is shutting down: the call must still drain.
    log.flush()
    shutting_down = wait_for_log(log.name, "shutting down", 1, timeout=90.0)
    app.send({"jsonrpc": "2.0", "id": request["id"], "result": {"kind": "result", "dialog": "Done waiting"}})
    caller.join(90)
    code = daemon.wait(90)
    print(json.dumps({
        "registered": "result" in registered, "method": request.get("method"), "shuttingDown": shutting_down,
        "reply": outcome.get("reply"), "exit": code, "socketFileRemoved": not os.path.exists(path),
    }))


def wait_for_log(path, text, count, timeout=30.0):
    """Waits until `text` has appeared `count` times in the log at `path`."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if open(path, encoding="utf-8").read().count(text) >= count:
            return True
        time.sleep(0.1)
    return False


def add_phrase_and_reload(daemon, path, log_path, tasks, original):
    """Adds "frobnicate {title}" to tasks.add in `tasks`, sends SIGHUP, waits for the reload,
    routes with the new phrase and stops the daemon: (the intent routed, its exit status)."""
    with open(tasks, "w", encoding="utf-8") as changed:
        head, tail = original.split("\n  add:", 1)
        changed.write(head + "\n  add:" + tail.replace("phrases:", "phrases:\n      - frobnicate {title} [please]", 1))
    daemon.send_signal(signal.SIGHUP)
    wait_for_log(log_path, "phrase files reloaded", 1)
    after_change = route(path, "frobnicate the teapot")
    daemon.send_signal(signal.SIGTERM)
    return after_change, daemon.wait(15)


def reload(intentd, phrases, directory):
    copy = os.path.join(directory, "Phrases")
    shutil.copytree(phrases, copy)
    path = os.path.join(directory, "daemon.sock")
    log_path = os.path.join(directory, "daemon.log")
    log = open(log_path, "w")
    daemon = start_daemon([intentd, "serve", "--socket", path, "--phrases", copy], stderr=log)
    before = route(path, "add milk to my groceries list")
    tasks = os.path.join(copy, "tasks.yaml")
    original = open(tasks, encoding="utf-8").read()
    with open(tasks, "w", encoding="utf-8") as broken:
        broken.write(original.replace("intents:", "intents: [", 1))
    daemon.send_signal(signal.SIGHUP)
    wait_for_log(log_path, "phrase files not reloaded", 1)
    after_broken = route(path, "add milk to my groceries list")
    after_change, code = add_phrase_and_reload(daemon, path, log_path, tasks, original)
    log.close()
    print(json.dumps({
        "before": before, "afterBrokenFile": after_broken, "afterChange": after_change, "exit": code,
        "log": open(log_path, encoding="utf-8").read(),
    }))


def warm_reload(intentd, phrases, directory):
    """Started from the phrase cache, the daemon reads its files in the background, so that
    its first SIGHUP reads again only the file that changed."""
    copy = os.path.join(directory, "Phrases")
    shutil.copytree(phrases, copy)
    path = os.path.join(directory, "daemon.sock")
    environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(directory, "cache"))
    argv = [intentd, "serve", "--socket", path, "--phrases", copy, "--log-level", "debug"]
    cold = start_daemon(argv, env=environment, stderr=subprocess.DEVNULL)
    route(path, "add milk to my groceries list")  # listening: the cache file is written by now
    cold.send_signal(signal.SIGTERM)
    cold.wait(15)
    log_path = os.path.join(directory, "daemon.log")
    log = open(log_path, "w")
    daemon = start_daemon(argv, env=environment, stderr=log)
    read_in_background = wait_for_log(log_path, "phrase files read in the background", 1)
    tasks = os.path.join(copy, "tasks.yaml")
    original = open(tasks, encoding="utf-8").read()
    after_change, code = add_phrase_and_reload(daemon, path, log_path, tasks, original)
    log.close()
    print(json.dumps({
        "readInBackground": read_in_background, "afterChange": after_change, "exit": code,
        "log": open(log_path, encoding="utf-8").read(),
    }))


if __name__ == "__main__":
    command, intentd, phrases, directory = sys.argv[1:5]
    try:
        if command == "activation":
            activation(intentd, phrases, directory)
        elif command == "shutdown":
            shutdown(intentd, phrases, directory, sys.argv[5])
        elif command == "warm-reload":
            warm_reload(intentd, phrases, directory)
        else:
            reload(intentd, phrases, directory)
    finally:
        stop_daemons()
