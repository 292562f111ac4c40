#!/usr/bin/env python3
"""Load and fault test of a real `intentd serve --demo`: many clients, idle connections,
clients that never read, and a daemon killed with SIGKILL mid-load, then started again.

    swift build -c release --product intentd
    python3 Benchmarks/load/load.py                       # every scenario, figures as a table
    python3 Benchmarks/load/load.py --clients 500 --seconds 60 --idle 2000 --json

Scenarios (each reports its figures; the exit status is 1 when one fails its bound):
  busy      CLIENTS connections for SECONDS, each looping route / run / continue (a soup order
            asks how many, "two" completes it). Errors must be 0; the daemon's resident
            memory (VmRSS) at the end must be within 10% of its value after the first second.
  idle      IDLE connections opened and kept open. Each is accepted, or refused with a clear
            JSON-RPC error line; the daemon never dies and still answers `status`.
  slow      SLOW connections each pipeline PIPELINED requests and never read. The daemon's
            memory must stay bounded (backpressure), and another client is answered meanwhile.
  kill      SIGKILL the daemon during the busy load, start it again on the same path: the new
            one must answer within 30 s.

The daemon runs as a child process (INTENTD, default .build/release/intentd) on a socket in
a temporary folder; no other daemon is touched.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INTENTD = os.environ.get("INTENTD", str(REPO / ".build" / "release" / "intentd"))
LOG_LEVEL = os.environ.get("INTENTD_LOG_LEVEL", "warning")
ROUTES = [
    "add milk to my groceries list", "how many tasks are left", "i spent twelve dollars on coffee",
    "order two tomato soups", "transfer 20 dollars to john", "what is my balance", "start a running workout",
]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Daemon:
    def __init__(self, folder: str):
        self.socket = os.path.join(folder, "intentd.sock")
        self.log = os.path.join(folder, "daemon.log")
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        began = time.monotonic()
        # The log goes to a file: a pipe nobody reads would block the daemon once full.
        self.process = subprocess.Popen(
            [INTENTD, "serve", "--demo", "--socket", self.socket, "--log-level", LOG_LEVEL],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(self.log, "a"))
        deadline = began + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the daemon exited: " + self.log_tail())
            try:
                if asyncio.run(status(self.socket)).get("connectedApps"):
                    return time.monotonic() - began
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the daemon did not answer within 30 s")

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(Path(self.log).read_text(errors="replace").splitlines()[-lines:])

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, kill: bool = False):
        if self.alive():
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.process.wait(timeout=30)


class Connection:
    """One JSON-RPC connection; requests one at a time."""

    def __init__(self, reader, writer):
        self.reader, self.writer, self.next_id = reader, writer, 1

    @classmethod
    async def open(cls, path: str) -> "Connection":
        reader, writer = await asyncio.open_unix_connection(path, limit=1 << 22)
        return cls(reader, writer)

    async def call(self, method: str, params: dict) -> dict:
        request_id = self.next_id
        self.next_id += 1
        self.writer.write((json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n").encode())
        await self.writer.drain()
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("the daemon closed the connection")
        return json.loads(line)

    def close(self):
        self.writer.close()


async def status(path: str) -> dict:
    connection = await Connection.open(path)
    try:
        return (await connection.call("status", {}))["result"]
    finally:
        connection.close()


async def busy(path: str, clients: int, seconds: float, pid: int | None, on_second=None) -> dict:
    counts = {"requests": 0, "errors": 0, "connectFailures": 0}
    samples: list[int] = []
    stop = time.monotonic() + seconds
    first_errors: list[str] = []

    async def client(number: int):
        try:
            connection = await Connection.open(path)
        except OSError as error:
            counts["connectFailures"] += 1
            first_errors.append(f"connect: {error}")
            return
        step = number
        try:
            while time.monotonic() < stop:
                step += 1
                if step % 3 == 0:
                    answers = [await connection.call("run", {"utterance": "order a tomato soup", "session": f"load-{number}"})]
                    if "result" in answers[0] and answers[0]["result"].get("status") == "question":
                        answers.append(await connection.call("continue", {"session": f"load-{number}", "text": "two"}))
                else:
                    answers = [await connection.call("route", {"utterance": ROUTES[step % len(ROUTES)]})]
                for answer in answers:
                    counts["requests"] += 1
                    if "error" in answer:
                        counts["errors"] += 1
                        if len(first_errors) < 5:
                            first_errors.append(json.dumps(answer["error"]))
        except (OSError, ConnectionError) as error:
            counts["errors"] += 1
            first_errors.append(str(error))
        finally:
            connection.close()

    async def sampler():
        while time.monotonic() < stop:
            await asyncio.sleep(1)
            if pid:
                try:
                    samples.append(rss_kib(pid))
                except OSError:
                    return
            if on_second:
                on_second()

    began = time.monotonic()
    await asyncio.gather(sampler(), *(client(n) for n in range(clients)))
    elapsed = time.monotonic() - began
    result = {"clients": clients, "seconds": round(elapsed, 1), **counts,
              "requestsPerSecond": round(counts["requests"] / elapsed), "firstErrors": first_errors[:5]}
    if len(samples) >= 2:
        result["rssStartMiB"] = round(samples[0] / 1024, 1)
        result["rssEndMiB"] = round(samples[-1] / 1024, 1)
        result["rssMaxMiB"] = round(max(samples) / 1024, 1)
    return result


async def idle(path: str, count: int) -> dict:
    opened, refused, failed, messages = [], 0, 0, set()
    for _ in range(count):
        try:
            connection = await asyncio.wait_for(Connection.open(path), 5)
        except (OSError, asyncio.TimeoutError) as error:
            failed += 1
            messages.add(type(error).__name__ + ": " + str(error))
            continue
        opened.append(connection)
    # A refused connection gets one error line, then is closed by the daemon.
    accepted = 0
    for connection in opened:
        try:
            line = await asyncio.wait_for(connection.reader.readline(), 0.01)
        except asyncio.TimeoutError:
            accepted += 1
            continue
        if line:
            refused += 1
            messages.add(json.loads(line).get("error", {}).get("message", line.decode()))
        else:
            refused += 1
            messages.add("closed without a word")
    answered = "version" in await status(path)
    for connection in opened:
        connection.close()
    return {"attempted": count, "accepted": accepted, "refusedWithError": refused, "connectFailed": failed,
            "messages": sorted(messages)[:5], "statusAnsweredMeanwhile": answered}


async def slow(path: str, connections: int, pipelined: int, pid: int) -> dict:
    before = rss_kib(pid)
    writers = []
    request = b"".join(
        (json.dumps({"jsonrpc": "2.0", "id": i, "method": "route", "params": {"utterance": ROUTES[i % len(ROUTES)]}}) + "\n").encode()
        for i in range(pipelined))
    for _ in range(connections):
        reader, writer = await asyncio.open_unix_connection(path)
        writer.write(request)  # never drained, never read: the transport buffers what the daemon does not take
        writers.append(writer)
    await asyncio.sleep(5)
    held = rss_kib(pid)
    answered = "version" in await asyncio.wait_for(status(path), 10)
    for writer in writers:
        writer.transport.abort()
    await asyncio.sleep(1)
    return {"connections": connections, "pipelinedEach": pipelined, "rssBeforeMiB": round(before / 1024, 1),
            "rssWhileHeldMiB": round(held / 1024, 1), "statusAnsweredMeanwhile": answered}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--slow", type=int, default=10)
    parser.add_argument("--pipelined", type=int, default=10000)
    parser.add_argument("--only", choices=["busy", "idle", "slow", "kill"], action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    scenarios = args.only or ["busy", "idle", "slow", "kill"]
    # The test client itself needs descriptors for every connection it opens.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.idle + args.clients + 256)), hard))
    results, failures = {}, []
    with tempfile.TemporaryDirectory(prefix="intentd-load-") as folder:
        daemon = Daemon(folder)
        results["startSeconds"] = round(daemon.start(), 2)
        try:
            if "busy" in scenarios:
                r = results["busy"] = asyncio.run(busy(daemon.socket, args.clients, args.seconds, daemon.pid))
                if r["errors"] or r["connectFailures"]:
                    failures.append(f"busy: {r['errors']} errors, {r['connectFailures']} connections failed")
                if "rssEndMiB" in r and r["rssEndMiB"] > 1.1 * r["rssStartMiB"]:
                    failures.append(f"busy: memory grew from {r['rssStartMiB']} to {r['rssEndMiB']} MiB")
            if "idle" in scenarios:
                r = results["idle"] = asyncio.run(idle(daemon.socket, args.idle))
                if not daemon.alive() or not r["statusAnsweredMeanwhile"]:
                    failures.append("idle: the daemon stopped answering")
                if r["connectFailed"]:
                    failures.append(f"idle: {r['connectFailed']} connections failed without a word from the daemon")
            if "slow" in scenarios:
                r = results["slow"] = asyncio.run(slow(daemon.socket, args.slow, args.pipelined, daemon.pid))
                if not r["statusAnsweredMeanwhile"]:
                    failures.append("slow: another client was not answered")
                if r["rssWhileHeldMiB"] > r["rssBeforeMiB"] + 64:
                    failures.append(f"slow: memory grew by {r['rssWhileHeldMiB'] - r['rssBeforeMiB']:.0f} MiB")
            if "kill" in scenarios:
                killed = {"done": False}

                def kill_once():
                    if not killed["done"]:
                        killed["done"] = True
                        daemon.stop(kill=True)

                load = asyncio.run(busy(daemon.socket, min(args.clients, 50), 3, None, on_second=kill_once))
                restart = daemon.start()
                results["kill"] = {"requestsBeforeKill": load["requests"], "restartSeconds": round(restart, 2),
                                   "answersAfterRestart": "version" in asyncio.run(status(daemon.socket))}
                if not results["kill"]["answersAfterRestart"]:
                    failures.append("kill: the restarted daemon does not answer")
            results["daemonAlive"] = daemon.alive()
            results["daemonLogTail"] = daemon.log_tail(10)
        finally:
            daemon.stop()
    results["failures"] = failures
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for key, value in results.items():
            print(f"{key}: {json.dumps(value)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
