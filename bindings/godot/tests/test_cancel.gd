# Cancellation and the deadline: a call's cancel(), the client's cancel_all(), and cancel()
# after the result has come (nothing changes).
extends "res://tests/support/case.gd"


func test_cancel_one_call() -> void:
	await fault({"kind": "latency", "ms": 2000, "path": "/v1/offers"})
	var c := await authorized_client()
	var request := c.offers("player-1", {})
	await frames(3)
	var started := Time.get_ticks_msec()
	request.cancel()
	check(not request.is_done(), "not delivered inside cancel()")
	var e := await expect_error(request, OfferKitError.CANCELLED, "cancelled")
	check(Time.get_ticks_msec() - started < 1000, "at once, not after the latency")
	if e != null:
		check(e.message.contains("cancel()"), "says who: %s" % e.message)
	await expect_ok(c.offers("player-1", {}), "the client still works")


func test_cancel_all() -> void:
	await fault({"kind": "latency", "ms": 2000, "path": "/v1/offers", "times": 3})
	var c := await authorized_client()
	var requests := [c.offers("a", {}), c.offers("b", {}), c.links("c", {})]
	await frames(3)
	c.cancel_all()
	for request in requests:
		await expect_error(request, OfferKitError.CANCELLED, "cancel_all")
	expect_eq(c.pending_count(), 0, "nothing pending")


func test_cancel_after_the_result() -> void:
	var c := await authorized_client()
	var request := c.offers("player-1", {"limit": 1})
	var result := await wait(request)
	request.cancel()
	await frames(2)
	check(result != null and result.ok and request.result == result, "the result stays")
