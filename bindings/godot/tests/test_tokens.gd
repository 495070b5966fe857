# Tokens the Godot way: a `token_provider` Callable (returning the token, or awaiting then
# returning it; refusing with "" or an OfferKitError; too slow), and the `token_needed`
# signal answered with `set_access_token` or `refuse_token`.
extends "res://tests/support/case.gd"

## The client a `token_needed` handler answers (a method, not a lambda that captures the
## client: the client keeps its connections, and a lambda holding the client would keep it
## alive).
var signal_client: OfferKitClient
var signal_token := ""
var signal_reasons: PackedStringArray = PackedStringArray()
var refuse_with := ""


func _on_token_needed(reason: String) -> void:
	signal_reasons.append(reason)
	if refuse_with != "":
		signal_client.refuse_token(refuse_with)
	else:
		signal_client.set_access_token(signal_token)


func test_provider_returns_a_token() -> void:
	var tok := await token()
	var asked := {"reasons": []}
	var c := client({"token_provider": func(reason: String) -> String:
		asked["reasons"].append(reason)
		return tok})
	await expect_ok(c.offers("player-1", {}), "offers with a provider")
	expect_eq(asked["reasons"], ["missing"], "asked once, for a missing token")
	await expect_ok(c.offers("player-1", {}), "again")
	expect_eq(asked["reasons"].size(), 1, "the token is kept")


func test_provider_that_awaits() -> void:
	var tok := await token()
	var t := tree
	var c := client({"token_provider": func(_reason: String) -> String:
		await t.create_timer(0.2).timeout
		return tok})
	await expect_ok(c.offers("player-1", {}), "offers with an awaiting provider")


func test_provider_replaces_a_rejected_token() -> void:
	var tok := await token()
	var asked := {"reasons": []}
	var c := client({"access_token": "expired-or-revoked", "token_provider": func(reason: String) -> String:
		asked["reasons"].append(reason)
		return tok})
	await expect_ok(c.offers("player-1", {}), "retried with a fresh token")
	expect_eq(asked["reasons"], ["rejected"], "asked after the 401")


func test_provider_refuses() -> void:
	var empty := client({"token_provider": func(_reason: String) -> String: return ""})
	var e := await expect_error(empty.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "an empty token")
	if e != null:
		check(e.message.contains("empty"), "says so: %s" % e.message)
	var banned := client({"token_provider": func(_reason: String) -> OfferKitError:
		return OfferKitError.create(OfferKitError.FORBIDDEN, "player banned")})
	var f := await expect_error(banned.offers("player-1", {}), OfferKitError.FORBIDDEN, "the provider's own error")
	if f != null:
		check(f.message.contains("player banned"), "its message: %s" % f.message)


func test_provider_too_slow() -> void:
	var tok := await token()
	var t := tree
	var finished := {"done": false}
	var c := client({"token_provider_timeout": 0.3, "token_provider": func(_reason: String) -> String:
		await t.create_timer(1.0).timeout
		finished["done"] = true
		return tok})
	await expect_error(c.offers("player-1", {}), OfferKitError.TIMEOUT, "a provider slower than its timeout")
	var until := Time.get_ticks_msec() + 3000
	while not finished["done"] and Time.get_ticks_msec() < until:
		await tree.process_frame
	check(finished["done"], "the provider's late answer is ignored, not a crash")


func test_signal_answered_with_set_access_token() -> void:
	signal_token = await token()
	signal_client = client({"token_signal": true})
	signal_client.token_needed.connect(_on_token_needed)
	await expect_ok(signal_client.offers("player-1", {}), "offers answered through the signal")
	expect_eq(signal_reasons, PackedStringArray(["missing"]), "token_needed(\"missing\")")
	signal_client = null


func test_signal_answered_with_refuse_token() -> void:
	refuse_with = "player signed out"
	signal_client = client({"token_signal": true})
	signal_client.token_needed.connect(_on_token_needed)
	var e := await expect_error(signal_client.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "a refusal")
	if e != null:
		check(e.message.contains("player signed out"), "carries the reason: %s" % e.message)
	signal_client = null


func test_signal_without_handler_fails_at_once() -> void:
	var c := client({"token_signal": true, "token_provider_timeout": 20})
	var started := Time.get_ticks_msec()
	await expect_error(c.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "no handler connected")
	check(Time.get_ticks_msec() - started < 2000, "at once, not after the provider timeout")


func test_set_access_token_later() -> void:
	var c := client()
	await expect_error(c.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "no token yet")
	c.set_access_token(await token())
	await expect_ok(c.offers("player-1", {}), "with the token set")
	c.set_access_token("")
	await expect_error(c.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "token forgotten")
