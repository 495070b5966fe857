# Where and when results reach GDScript: only on the main thread, during a frame, never
# inside the call that started them; 200 calls at once; and what happens when the client, or
# the node that holds it, is freed while a call is in flight.
extends "res://tests/support/case.gd"


## A node that holds a client and awaits a call, as a game's menu would.
class Holder extends Node:
	var client: OfferKitClient
	var flags: Dictionary

	func load_offers() -> void:
		flags["started"] = true
		var result: OfferKitResult = await client.offers("holder-player", {}).completed
		flags["resumed"] = true
		flags["ok"] = result.ok


func test_results_arrive_on_the_main_thread_during_a_frame() -> void:
	var c := await authorized_client()
	var seen := {"returned": false, "before_return": false, "main": false, "frame": -1}
	var started_frame := Engine.get_process_frames()
	var request := c.offers("player-1", {})
	request.completed.connect(func(result: OfferKitResult) -> void:
		seen["before_return"] = not seen["returned"]
		seen["main"] = OS.get_thread_caller_id() == OS.get_main_thread_id()
		seen["frame"] = Engine.get_process_frames()
		seen["ok"] = result.ok)
	seen["returned"] = true
	check(not request.is_done(), "not done inside the call")
	await wait(request)
	check(seen["main"], "completed was emitted on the main thread")
	check(not seen["before_return"], "completed was not emitted inside the call")
	check(seen["frame"] > started_frame, "completed came in a later frame (%d > %d)" % [seen["frame"], started_frame])
	check(seen.get("ok", false), "ok")
	# A call that fails before it starts is delivered the same way.
	var failing := c.offers("player-1", {"limit": -1})
	check(not failing.is_done(), "a failure is not delivered inside the call either")
	await wait(failing)


func test_two_hundred_concurrent_calls() -> void:
	var c := await authorized_client()
	var tally := {"done": 0, "ok": 0, "off_main": 0}
	var requests: Array[OfferKitRequest] = []
	for i in 200:
		var request := c.offers("crowd-%d" % i, {"limit": 3})
		request.completed.connect(func(result: OfferKitResult) -> void:
			tally["done"] += 1
			if result.ok and result.value.size() > 0:
				tally["ok"] += 1
			if OS.get_thread_caller_id() != OS.get_main_thread_id():
				tally["off_main"] += 1)
		requests.append(request)
	expect_eq(c.pending_count(), 200, "200 in flight")
	var deadline := Time.get_ticks_msec() + 60000
	while tally["done"] < 200 and Time.get_ticks_msec() < deadline:
		await tree.process_frame
	expect_eq(tally["done"], 200, "every call completed")
	expect_eq(tally["ok"], 200, "every call succeeded")
	expect_eq(tally["off_main"], 0, "none off the main thread")
	expect_eq(c.pending_count(), 0, "none pending")


func test_client_freed_mid_request() -> void:
	await fault({"kind": "latency", "ms": 1500, "path": "/v1/offers"})
	var c := await authorized_client()
	var request := c.offers("player-1", {})
	await frames(3)
	c = null  # the last reference: the client is freed now
	var result := await wait(request, 5.0)
	if result != null:
		check(not result.ok and result.error.kind == OfferKitError.CANCELLED, "cancelled: %s" % [result.error])
		check(result.error.message.contains("freed"), "says why: %s" % result.error.message)


func test_node_freed_mid_request() -> void:
	await _free_holder_while_awaiting(false)


func test_node_queue_freed_in_the_frame_it_awaits() -> void:
	await _free_holder_while_awaiting(true)


## A node awaits a slow call and is freed (now with `free()`, or with `queue_free()` in the same
## frame): its coroutine is dropped, the client it held is freed, and nothing leaks (the
## engine-exit check).
func _free_holder_while_awaiting(same_frame: bool) -> void:
	await fault({"kind": "latency", "ms": 800, "path": "/v1/offers"})
	var holder := Holder.new()
	holder.client = await authorized_client()
	holder.flags = {}
	var flags := holder.flags
	var client_ref: WeakRef = weakref(holder.client)
	tree.root.add_child(holder)
	holder.load_offers()
	if same_frame:
		holder.queue_free()
	else:
		await frames(3)
		holder.free()
	check(flags.get("started", false), "the node's call started")
	var until := Time.get_ticks_msec() + 1500
	while Time.get_ticks_msec() < until:
		await tree.process_frame
	check(not flags.get("resumed", false), "the freed node's coroutine was not resumed")
	check(client_ref.get_ref() == null, "the client went with its node")


func test_http_stack_in_use() -> void:
	await fault({"kind": "latency", "ms": 600, "path": "/v1/offers"})
	var c := await authorized_client()
	var request := c.offers("player-1", {})
	var nodes := 0
	if http == "godot":
		# The node appears at the first pump after the library thread hands the call over (a
		# few frames on a quiet machine, more on a loaded one) and stays for the 600 ms latency.
		var until := Time.get_ticks_msec() + 5000
		while nodes == 0 and not request.is_done() and Time.get_ticks_msec() < until:
			await tree.process_frame
			nodes = _offerkit_nodes()
		expect_eq(nodes, 1, "one HTTPRequest node carries the call")
	else:
		await frames(5)
		nodes = _offerkit_nodes()
		expect_eq(nodes, 0, "the built-in stack needs no node")
	var result := await wait(request)
	check(result != null and result.ok, "ok")
	await frames(2)
	expect_eq(_offerkit_nodes(), 0, "no node left after the answer")


func _offerkit_nodes() -> int:
	var count := 0
	for child in tree.root.get_children():
		if child is HTTPRequest and child.has_meta("offerkit_http"):
			count += 1
	return count
