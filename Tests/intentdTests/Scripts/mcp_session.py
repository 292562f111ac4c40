#!/usr/bin/env python3
"""An MCP session with `intentd mcp`, driven by a client written with the standard library
only: initialize, tools/list, tool calls with parameters, a question answered, a confirmation
required, an error for bad arguments, and a resource. Prints one JSON object of what it saw.

Usage: mcp_session.py SCENARIO BINARY PHRASES DIR
"""
import json
import subprocess
import sys

_, scenario, binary, phrases, directory = sys.argv[:5]
server = subprocess.Popen(
    [binary, "mcp", "--phrases", phrases, "--now", "2026-11-22T10:00:00"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
next_id = 0


def request(method, params=None):
    global next_id
    next_id += 1
    message = {"jsonrpc": "2.0", "id": next_id, "method": method}
    if params is not None:
        message["params"] = params
    server.stdin.write(json.dumps(message) + "\n")
    server.stdin.flush()
    while True:
        line = server.stdout.readline()
        if not line:
            raise SystemExit("intentd mcp closed its output")
        reply = json.loads(line)
        if reply.get("id") == next_id:
            return reply


def call(name, arguments):
    reply = request("tools/call", {"name": name, "arguments": arguments})
    result = reply.get("result", {})
    text = "\n".join(part.get("text", "") for part in result.get("content", []))
    return {"text": text, "isError": result.get("isError", False), "structured": result.get("structuredContent"), "error": reply.get("error")}


seen = {}
init = request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}})
seen["server"] = init["result"]["serverInfo"]["name"]
server.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
server.stdin.flush()

tools = request("tools/list")["result"]["tools"]
seen["tools"] = sorted(tool["name"] for tool in tools)
order = next(tool for tool in tools if tool["name"] == "soup_order")
seen["soup_order_schema"] = order["inputSchema"]

seen["add"] = call("tasks_add", {"title": "buy bread", "list": "groceries"})
asked = call("soup_order", {"quantity": 2})
seen["order_asked"] = asked
session = (asked["structured"] or {}).get("session")
seen["order_answered"] = call("answer", {"session": session, "answer": "tomato"})
confirm = call("tasks_deleteAll", {})
seen["delete_asked"] = confirm
seen["delete_confirmed"] = call("answer", {"session": (confirm["structured"] or {}).get("session"), "answer": "yes"})
seen["bad_arguments"] = call("soup_order", {"quantity": "lots"})
seen["say"] = call("say", {"text": "how many tasks are left"})
resources = request("resources/list")["result"]["resources"]
seen["resources"] = sorted(resource["uri"] for resource in resources)
read = request("resources/read", {"uri": "intentd://entities/soup.Soup"})["result"]["contents"][0]
seen["soups"] = sorted(entity["id"] for entity in json.loads(read["text"]))

server.stdin.close()
seen["exit"] = server.wait(timeout=30)
print(json.dumps(seen))
