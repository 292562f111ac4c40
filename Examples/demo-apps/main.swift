// Serves the demo apps over the daemon's socket (issue 5).
print("demo-apps: not built yet")
