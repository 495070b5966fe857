# The test runner, run by the engine itself: `godot --headless --path PROJECT -s
# res://tests/runner.gd`. It runs every `test_*` method of every test file, one at a time, and
# writes one JSON line per case to $OFFERKIT_RESULTS (harness/RESULTS.md), suite
# $OFFERKIT_SUITE. Environment: OFFERKIT_SIM_URL (the simulator), OFFERKIT_GODOT_HTTP
# ("builtin" or "godot": the HTTP stack every client uses), OFFERKIT_GODOT_ONLY (run only the
# cases whose name contains it). Exits 1 when a case failed or none ran.
extends SceneTree

const FILES := [
	"res://tests/test_queries.gd",
	"res://tests/test_errors.gd",
	"res://tests/test_delivery.gd",
	"res://tests/test_tokens.gd",
	"res://tests/test_pagers.gd",
	"res://tests/test_cancel.gd",
	"res://tests/test_helpers.gd",
]

var suite := ""
var results_path := ""
var passed := 0
var failed := 0


func _initialize() -> void:
	Engine.max_fps = 240
	suite = OS.get_environment("OFFERKIT_SUITE")
	if suite == "":
		suite = "godot-tests"
	results_path = OS.get_environment("OFFERKIT_RESULTS")
	_run_all.call_deferred()


func _run_all() -> void:
	var sim_url := OS.get_environment("OFFERKIT_SIM_URL")
	var http := OS.get_environment("OFFERKIT_GODOT_HTTP")
	var only := OS.get_environment("OFFERKIT_GODOT_ONLY")
	if http == "":
		http = "builtin"
	if sim_url == "":
		_record("(setup)", false, 0.0, "OFFERKIT_SIM_URL is not set")
		_finish()
		return
	print("offerkit %s, Godot %s, HTTP stack %s, simulator %s" % [OfferKit.version(), Engine.get_version_info()["string"], http, sim_url])
	for path in FILES:
		var script: GDScript = load(path)
		var names: Array[String] = []
		for method in script.get_script_method_list():
			var name: String = method["name"]
			if name.begins_with("test_") and not names.has(name) and (only == "" or name.contains(only)):
				names.append(name)
		for name in names:
			var case = script.new()
			case.tree = self
			case.sim_url = sim_url
			case.http = http
			await case.reset()
			case.failures = PackedStringArray()
			var started := Time.get_ticks_msec()
			await case.call(name)
			var seconds := (Time.get_ticks_msec() - started) / 1000.0
			var case_failures: PackedStringArray = case.failures
			_record(name.trim_prefix("test_"), case_failures.is_empty(), seconds, "; ".join(case_failures))
			case = null
			# Objects the case dropped are freed before the next one starts.
			await process_frame
	if passed + failed == 0:
		_record("(no test ran)", false, 0.0, "no case matched")
	_finish()


func _record(name: String, ok: bool, seconds: float, detail: String) -> void:
	if ok:
		passed += 1
		print("ok   %s (%.3f s)" % [name, seconds])
	else:
		failed += 1
		print("FAIL %s (%.3f s): %s" % [name, seconds, detail])
	if results_path == "":
		return
	var line := JSON.stringify({
		"suite": suite,
		"case": name,
		"outcome": "passed" if ok else "failed",
		"seconds": snappedf(seconds, 0.001),
		"detail": detail,
	})
	var file := FileAccess.open(results_path, FileAccess.READ_WRITE if FileAccess.file_exists(results_path) else FileAccess.WRITE)
	if file == null:
		printerr("cannot write %s: %s" % [results_path, FileAccess.get_open_error()])
		return
	file.seek_end()
	file.store_line(line)
	file.close()


func _finish() -> void:
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 or passed == 0 else 0)
