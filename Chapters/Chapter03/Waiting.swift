// The chapter's one way to wait for work already started: yield the main actor until it is done.
// Every condition here depends only on that work, never on time.

/// Yields the main actor until `condition` holds.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}

/// Waits until the service's task exists (the consumer's loop has asked for the stream).
@MainActor
func waitUntilStarted(_ service: some TaskCancellable) async {
  await waitUntil { service.task != nil }
}
