// The Daemon layer: socket server, app registry, dispatch (issue 4).
