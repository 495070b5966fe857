# The base of every test file: what a case needs to talk to the simulator and to check what
# it got. A case is a method whose name starts with `test_`; it records failures with `check`
# and `expect_eq` (GDScript has no exceptions: a case keeps running after a failed check) and
# may `await`. The runner (res://tests/runner.gd) gives each file its tree and settings.
extends RefCounted

## The SceneTree the runner runs in.
var tree: SceneTree
## The simulator's base address (OFFERKIT_SIM_URL).
var sim_url: String
## "builtin" or "godot": the HTTP stack every client of this run uses.
var http: String
## What failed in the current case.
var failures: PackedStringArray = PackedStringArray()


func check(condition: bool, what: String) -> bool:
	if not condition:
		failures.append(what)
	return condition


func expect_eq(got: Variant, want: Variant, what: String) -> bool:
	return check(typeof(got) == typeof(want) and got == want, "%s: got %s, want %s" % [what, var_to_str(got), var_to_str(want)])


## A configured client of this run's HTTP stack; `settings` are added to the defaults.
func client(settings: Dictionary = {}, base_url: String = "") -> OfferKitClient:
	var c := OfferKitClient.new()
	var all := {"http": http}
	all.merge(settings, true)
	var error := c.configure(sim_url if base_url == "" else base_url, all)
	check(error == null, "configure failed: %s" % [error])
	return c


## A client with a fresh, valid access token.
func authorized_client(settings: Dictionary = {}) -> OfferKitClient:
	var all := {"access_token": await token()}
	all.merge(settings, true)
	return client(all)


## The result of `request`, waiting at most `seconds` (checked each frame); null after that.
func wait(request: OfferKitRequest, seconds: float = 20.0) -> OfferKitResult:
	var deadline := Time.get_ticks_msec() + int(seconds * 1000.0)
	while not request.is_done() and Time.get_ticks_msec() < deadline:
		await tree.process_frame
	if not request.is_done():
		failures.append("no result within %s s" % seconds)
		return null
	return request.result


## The error of a call expected to fail with `kind`.
func expect_error(request: OfferKitRequest, kind: int, what: String) -> OfferKitError:
	var result := await wait(request)
	if result == null:
		return null
	if not check(not result.ok, "%s: succeeded, expected %s" % [what, OfferKitError.name_of(kind)]):
		return null
	expect_eq(result.error.kind_name, OfferKitError.name_of(kind), "%s: kind (%s)" % [what, result.error.message])
	expect_eq(result.error.kind, kind, "%s: kind number" % what)
	return result.error


## The successful value of `request` (null, and a failure recorded, when it failed).
func expect_ok(request: OfferKitRequest, what: String) -> Variant:
	var result := await wait(request)
	if result == null:
		return null
	if not check(result.ok, "%s failed: %s" % [what, result.error]):
		return null
	return result.value


## One request to the simulator's control endpoint: the parsed JSON answer.
func sim(method: int, path: String, body: Variant = null) -> Variant:
	var http_request := HTTPRequest.new()
	tree.root.add_child(http_request)
	var data := "" if body == null else JSON.stringify(body)
	http_request.request(sim_root() + path, PackedStringArray(["Content-Type: application/json"]), method, data)
	var answer: Array = await http_request.request_completed
	http_request.queue_free()
	check(answer[0] == HTTPRequest.RESULT_SUCCESS and answer[1] < 300, "simulator %s answered %s %s" % [path, answer[0], answer[1]])
	var text: String = (answer[3] as PackedByteArray).get_string_from_utf8()
	return JSON.parse_string(text) if text != "" else null


## The simulator's root (its control endpoint is never under a path prefix).
func sim_root() -> String:
	var scheme_end := sim_url.find("://") + 3
	var path_start := sim_url.find("/", scheme_end)
	return sim_url if path_start < 0 else sim_url.substr(0, path_start)


## A fresh access token; `scoped = false` gives one the service refuses with 403.
func token(ttl_secs: int = 3600, scoped: bool = true) -> String:
	var answer: Variant = await sim(HTTPClient.METHOD_POST, "/_sim/tokens", {"ttl_secs": ttl_secs, "scoped": scoped})
	return answer["access_token"] if answer is Dictionary else ""


## Queues one simulator fault (its JSON form, see simulator/README.md).
func fault(spec: Dictionary) -> void:
	await sim(HTTPClient.METHOD_POST, "/_sim/faults", spec)


## Waits `frames` frames.
func frames(count: int) -> void:
	for i in count:
		await tree.process_frame


## Runs before each case: no fault or misbehaviour left from an earlier one.
func reset() -> void:
	await sim(HTTPClient.METHOD_DELETE, "/_sim/faults")
	await sim(HTTPClient.METHOD_DELETE, "/_sim/mess")
