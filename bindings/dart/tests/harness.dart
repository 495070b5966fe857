// A small test runner for the Dart VM without package:test (pub.dev is not reachable here):
// each test is a named async function; a failed check throws, which fails the test. Results go
// to $OFFERKIT_RESULTS as one JSON line per case (harness/RESULTS.md), suite $OFFERKIT_SUITE
// (default dart-tests). The run fails when any test failed or when none ran.

import 'dart:async';
import 'dart:convert';
import 'dart:io';

import 'package:offerkit/offerkit.dart';

/// A check that did not hold.
final class CheckFailure implements Exception {
  CheckFailure(this.message);
  final String message;
  @override
  String toString() => message;
}

/// Thrown by a test that cannot run here (counted as skipped, never as passed).
final class Skip implements Exception {
  Skip(this.reason);
  final String reason;
}

/// Thrown by a test that does not apply to this build (outcome `na`, listed in tests/na/).
final class NotApplicable implements Exception {
  NotApplicable(this.reason);
  final String reason;
}

void fail(String message) => throw CheckFailure(message);

void isTrue(bool condition, String what) {
  if (!condition) fail('expected true: $what');
}

void equals(Object? expected, Object? actual, String what) {
  final same = expected is List && actual is List
      ? const ListEquality().equals(expected, actual)
      : expected is Set && actual is Set
          ? expected.length == actual.length && expected.containsAll(actual)
          : expected == actual;
  if (!same) fail('$what: expected <$expected>, got <$actual>');
}

void contains(String? text, String part, String what) {
  if (text == null || !text.contains(part)) fail('$what: <$text> does not contain <$part>');
}

/// Awaits [future], which must fail with an OfferException of [type]; returns it.
Future<T> throwsOffer<T extends OfferException>(Future<Object?> future, String what,
    {Duration within = const Duration(seconds: 60)}) async {
  try {
    final value = await future.timeout(within);
    fail('$what: expected $T, got the value <$value>');
  } on T catch (e) {
    return e;
  } on TimeoutException {
    fail('$what: no answer within $within');
  } on CheckFailure {
    rethrow;
  } catch (e) {
    fail('$what: expected $T, got ${e.runtimeType}: $e');
  }
  throw StateError('unreachable');
}

/// Runs [body], which must throw an OfferException of [type]; returns it.
T throwsOfferSync<T extends OfferException>(void Function() body, String what) {
  try {
    body();
  } on T catch (e) {
    return e;
  } catch (e) {
    fail('$what: expected $T, got ${e.runtimeType}: $e');
  }
  fail('$what: expected $T, nothing was thrown');
  throw StateError('unreachable');
}

class ListEquality {
  const ListEquality();
  bool equals(List<Object?> a, List<Object?> b) {
    if (a.length != b.length) return false;
    for (var i = 0; i < a.length; i++) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
}

typedef TestBody = Future<void> Function();

final class Test {
  Test(this.name, this.body);
  final String name;
  final TestBody body;
}

/// Runs [tests] (those whose name contains [filter], when given), writes the results, and
/// returns the process exit code.
Future<int> runTests(List<Test> tests, {String? filter, Future<void> Function()? beforeEach}) async {
  final suite = _env('OFFERKIT_SUITE') ?? 'dart-tests';
  final resultsPath = _env('OFFERKIT_RESULTS');
  var passed = 0, failed = 0, skipped = 0, na = 0;
  void record(String name, String outcome, double seconds, String detail) {
    if (resultsPath == null) return;
    File(resultsPath).writeAsStringSync(
        '${jsonEncode({
              'suite': suite,
              'case': name,
              'outcome': outcome,
              'seconds': double.parse(seconds.toStringAsFixed(3)),
              'detail': detail
            })}\n',
        mode: FileMode.append,
        flush: true);
  }

  final selected = [
    for (final t in tests)
      if (filter == null || t.name.contains(filter)) t
  ];
  final names = <String>{};
  for (final t in selected) {
    if (!names.add(t.name)) throw StateError('two tests named ${t.name}');
    final watch = Stopwatch()..start();
    String outcome;
    var detail = '';
    try {
      if (beforeEach != null) await beforeEach();
      await t.body().timeout(const Duration(seconds: 120));
      outcome = 'passed';
    } on Skip catch (e) {
      outcome = 'skipped';
      detail = e.reason;
    } on NotApplicable catch (e) {
      outcome = 'na';
      detail = e.reason;
    } catch (e, st) {
      outcome = 'failed';
      detail = e is CheckFailure ? e.message : '${e.runtimeType}: $e\n$st';
    }
    final seconds = watch.elapsedMicroseconds / 1e6;
    switch (outcome) {
      case 'passed':
        passed++;
        stdout.writeln('ok   ${t.name} (${seconds.toStringAsFixed(2)} s)');
      case 'skipped':
        skipped++;
        stdout.writeln('skip ${t.name} ($detail)');
      case 'na':
        na++;
        stdout.writeln('n/a  ${t.name} ($detail)');
      default:
        failed++;
        stdout.writeln('FAIL ${t.name} (${seconds.toStringAsFixed(2)} s)');
        for (final line in const LineSplitter().convert(detail).take(20)) {
          stdout.writeln('    $line');
        }
    }
    record(t.name, outcome, seconds, detail);
  }
  if (passed + failed == 0) {
    record('(no test ran)', 'failed', 0, 'filter: ${filter ?? '(none)'}');
    failed++;
  }
  stdout.writeln('$passed passed, $failed failed, $skipped skipped${na > 0 ? ', $na n/a' : ''}');
  return failed == 0 ? 0 : 1;
}

String? _env(String name) {
  final v = Platform.environment[name];
  return v == null || v.isEmpty ? null : v;
}
