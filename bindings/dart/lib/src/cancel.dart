// Cancelling calls in flight.

/// Cancels the calls it was given to: `client.offers('p', cancelToken: token)`, then
/// `token.cancel()`. The HTTP exchange is dropped (a host executor is told) and each call's
/// Future completes with a [CancelledException]. One token may serve many calls (a screen's
/// calls, cancelled when it goes away); a call given a token that is already cancelled fails at
/// once without sending anything. Cancelling after a call completed does nothing to it.
final class CancelToken {
  bool _cancelled = false;
  int _next = 0;
  final Map<int, void Function()> _hooks = {};

  /// Whether [cancel] was called.
  bool get isCancelled => _cancelled;

  /// Cancels every call in flight that was given this token, and every later one.
  void cancel() {
    if (_cancelled) return;
    _cancelled = true;
    final hooks = _hooks.values.toList();
    _hooks.clear();
    for (final hook in hooks) {
      hook();
    }
  }
}

/// Registers [hook] to run on [token]'s cancel; returns the function that unregisters it.
void Function() onCancel(CancelToken token, void Function() hook) {
  final key = token._next++;
  token._hooks[key] = hook;
  return () => token._hooks.remove(key);
}
