#!/usr/bin/env python3
"""Drives the real `intentd repl` in a pseudo-terminal and reports what the screen showed.

    repl_pty.py SCENARIO BINARY PHRASES_DIR WORK_DIR

Each scenario types keys (Tab, arrows, Ctrl-C, Ctrl-D included), waits for what the REPL
prints, and writes one JSON object to standard output: the text of each step (carriage
returns removed, escape sequences kept), the exit status, the history file, and the socket
files the REPL left behind. ReplTests.swift asserts on it. XDG_STATE_HOME and
XDG_RUNTIME_DIR point into WORK_DIR, so history and the private daemon's socket are the
test's own.
"""

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

TIMEOUT = 60.0
PROMPT = "intentd> "


class Repl:
    def __init__(self, binary, phrases, work, extra_env=None, arguments=None):
        env = dict(os.environ)
        env.pop("NO_COLOR", None)
        env.update({"TERM": "xterm", "TZ": "UTC", "XDG_STATE_HOME": os.path.join(work, "state"),
                    "XDG_RUNTIME_DIR": os.path.join(work, "run"), "INPUTRC": "/dev/null"})
        env.update(extra_env or {})
        os.makedirs(env["XDG_RUNTIME_DIR"], exist_ok=True)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(binary, [binary] + (arguments or ["repl", "--phrases", phrases]), env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.buffer = ""
        self.status = None

    def read_until(self, text, timeout=TIMEOUT):
        """Everything printed until `text` appears (inclusive); fails after `timeout`."""
        deadline = time.time() + timeout
        while text not in self.buffer:
            remaining = deadline - time.time()
            if remaining <= 0:
                raise TimeoutError(f"waited {timeout}s for {text!r}; screen so far: {self.buffer[-2000:]!r}")
            ready, _, _ = select.select([self.fd], [], [], min(remaining, 0.2))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise EOFError(f"the REPL closed the terminal before {text!r}; screen: {self.buffer[-2000:]!r}")
                self.buffer += chunk.decode("utf-8", errors="replace").replace("\r", "")
        end = self.buffer.index(text) + len(text)
        seen, self.buffer = self.buffer[:end], self.buffer[end:]
        return seen

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def step(self, keys, until=PROMPT):
        """Types `keys`, returns the screen up to the next `until` (the next prompt)."""
        self.send(keys)
        return self.read_until(until)

    def wait(self, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while time.time() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if ready:
                    self.buffer += os.read(self.fd, 65536).decode("utf-8", errors="replace").replace("\r", "")
            except OSError:
                time.sleep(0.05)
        os.kill(self.pid, signal.SIGKILL)
        raise TimeoutError("the REPL did not exit")


def leftovers(work):
    run = os.path.join(work, "run")
    return sorted(name for name in os.listdir(run) if name.endswith(".sock")) if os.path.isdir(run) else []


def history(work):
    path = os.path.join(work, "state", "intentd", "history")
    return open(path).read() if os.path.exists(path) else None


def completion(binary, phrases, work):
    repl = Repl(binary, phrases, work, {"NO_COLOR": "1"})
    steps = {"start": repl.read_until(PROMPT)}
    steps["command"] = repl.step(":he\t\n")
    steps["phraseWord"] = repl.step("how many tasks are outsta\t\n")
    steps["appName"] = repl.step("what is left in mighty ta\t\n")
    steps["appID"] = repl.step(":intents tas\t\n")
    steps["entityName"] = repl.step("open the book the marti\t\n")
    # Two Tabs on an ambiguous start list the candidates, then the prompt comes back with ":".
    steps["list"] = repl.step(":\t\t", until=PROMPT + ":")
    steps["cleared"] = repl.step("\x15\n")
    # Keys are sent only once the prompt is shown: in between, the terminal is in cooked
    # mode, where the line discipline swallows a Ctrl-D.
    repl.send("\x04")
    return {"steps": steps, "exit": repl.wait()}


def history_across_restarts(binary, phrases, work):
    first = Repl(binary, phrases, work, {"NO_COLOR": "1"})
    first.read_until(PROMPT)
    first.step("how many tasks are left in mighty tasks\n")
    first.step("order tomato soup\n", until="answer> ")
    first.step("two\n")
    first.send(":quit\n")
    first_exit = first.wait()
    saved = history(work)
    second = Repl(binary, phrases, work, {"NO_COLOR": "1"})
    second.read_until(PROMPT)
    # Up three times, past ":quit" and "order tomato soup" (answers are not kept), to the first line.
    recalled = second.step("\x1b[A\x1b[A\x1b[A\n")
    listed = second.step(":history\n")
    second.send("\x04")
    return {"firstExit": first_exit, "history": saved, "recalled": recalled, "listed": listed, "exit": second.wait(),
            "historyAfter": history(work)}


def follow_ups(binary, phrases, work):
    repl = Repl(binary, phrases, work, {"NO_COLOR": "1"})
    repl.read_until(PROMPT)
    s = {}
    s["valueAsked"] = repl.step("order tomato soup\n", until="answer> ")
    s["valueInvalid"] = repl.step("lots\n", until="answer> ")
    s["valueAnswered"] = repl.step("two\n")
    s["valueAskedAgain"] = repl.step("order tomato soup\n", until="answer> ")
    s["valueCancelled"] = repl.step("thr\x03")
    s["choiceAsked"] = repl.step("open a task\n", until="1-5> ")
    s["choiceAnswered"] = repl.step("the second one\n")
    s["choiceAskedAgain"] = repl.step("open a task\n", until="1-5> ")
    s["choiceCancelled"] = repl.step("\x03")
    s["confirmAsked"] = repl.step("delete the task buy milk\n", until="yes/no> ")
    s["confirmYes"] = repl.step("yes\n")
    s["confirmAskedAgain"] = repl.step("delete all my tasks\n", until="yes/no> ")
    s["confirmNo"] = repl.step("no\n")
    s["confirmAskedThird"] = repl.step("delete all my tasks\n", until="yes/no> ")
    s["confirmCancelled"] = repl.step("\x03")
    s["previewAsked"] = repl.step("buy two copies of the martian\n", until="yes/no> ")
    s["previewYes"] = repl.step("sure\n")
    s["dateAsked"] = repl.step("create an event called lunch with sarah\n", until="answer> ")
    s["dateAnswered"] = repl.step("tomorrow instead\n", until="answer> ")
    s["timeAnswered"] = repl.step("at noon\n")
    s["clearedLine"] = repl.step("add milk to my grocer\x03")
    s["afterClear"] = repl.step("how many tasks are left in mighty tasks\n")
    s["explain"] = repl.step(":explain\n")
    repl.send("\x04")
    return {"steps": s, "exit": repl.wait(), "leftSockets": leftovers(work)}


def colors(binary, phrases, work):
    result = {}
    for name, env in (("noColor", {"NO_COLOR": "1"}), ("color", {})):
        repl = Repl(binary, phrases, work, env)
        screen = repl.read_until(PROMPT)
        screen += repl.step("order tomato soup\n", until="answer")
        screen += repl.step("\x03", until=PROMPT)
        repl.send("\x04")
        result[name] = {"screen": screen, "exit": repl.wait()}
    return result


def interrupt_in_flight(binary, phrases, work):
    """Ctrl-C while an app is still working on the request: the REPL stops waiting, and the
    next utterance is answered; the app's late answer changes nothing on screen."""
    from serve_lifecycle import SLOW_APP, Peer
    path = os.path.join(work, "daemon.sock")
    daemon = subprocess.Popen([binary, "serve", "--demo", "--socket", path, "--phrases", phrases],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        app = Peer(path)
        app.call("app.register", {"app": SLOW_APP})
        repl = Repl(binary, phrases, work, {"NO_COLOR": "1"}, ["repl", "--connect", path])
        s = {"start": repl.read_until(PROMPT)}
        repl.send("wait for slowpoke\n")
        request = app.read()  # the daemon's intent.perform: the request is in flight
        s["inFlight"] = request.get("method")
        time.sleep(0.3)
        s["interrupted"] = repl.step("\x03")
        s["next"] = repl.step("how many tasks are left in mighty tasks\n")
        app.send({"jsonrpc": "2.0", "id": request["id"], "result": {"kind": "result", "dialog": "Done waiting"}})
        s["afterLateAnswer"] = repl.step("how many tasks are left in mighty tasks\n")
        repl.send("\x04")
        return {"steps": s, "exit": repl.wait()}
    finally:
        daemon.kill()


def device_check(binary, phrases, work):
    """An intent that requires local device authentication ("unlock my vault"): the REPL asks
    PAM, which asks for a password on the terminal, echo off. PAM's configuration is the
    test's own (INTENTD_PAM_CONFDIR): its `intentd` service accepts the password "open sesame"
    through pam_exec, so the check is real PAM without the tester's own password."""
    confdir = os.path.join(work, "pam.d")
    os.makedirs(confdir, exist_ok=True)
    checker = os.path.join(work, "check-password")
    with open(checker, "w") as script:
        # pam_exec gives the password on standard input, ended by a NUL byte.
        script.write("#!/bin/sh\n[ \"$(tr -d '\\000')\" = \"open sesame\" ]\n")
    os.chmod(checker, 0o755)
    with open(os.path.join(confdir, "intentd"), "w") as service:
        service.write(f"auth required pam_exec.so quiet expose_authtok {checker}\naccount required pam_permit.so\n")
    repl = Repl(binary, phrases, work, {"NO_COLOR": "1", "INTENTD_PAM_CONFDIR": confdir})
    s = {"start": repl.read_until(PROMPT)}
    s["asked"] = repl.step("unlock my vault\n", until="Password: ")
    s["wrong"] = repl.step("not it\n")
    repl.step("unlock my vault\n", until="Password: ")
    s["right"] = repl.step("open sesame\n")
    # Another intent is not asked about.
    s["other"] = repl.step("what's my balance\n")
    repl.send("\x04")
    return {"steps": s, "exit": repl.wait()}


SCENARIOS = {"completion": completion, "history": history_across_restarts, "followups": follow_ups, "colors": colors,
             "interrupt": interrupt_in_flight, "devicecheck": device_check}

if __name__ == "__main__":
    scenario, binary, phrases, work = sys.argv[1:5]
    print(json.dumps(SCENARIOS[scenario](binary, phrases, work)))
