// The Wire layer: JSON-RPC 2.0 messages and their framing (issue 4).
