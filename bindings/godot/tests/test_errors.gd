# Every error kind a game can meet, each with the data it carries: the kind constant and
# name, the HTTP status, field entries, the cursor's reason, Retry-After and the GraphQL
# response. (`internal` is a caught panic: nothing in a shipping build can cause one.)
extends "res://tests/support/case.gd"


func test_invalid_argument_names_the_field() -> void:
	var c := await authorized_client()
	var e := await expect_error(c.offers("player-1", {"limit": 0}), OfferKitError.INVALID_ARGUMENT, "limit 0")
	if e != null:
		expect_eq(e.http_status, 0, "nothing was sent")
		check(e.fields.size() == 1 and e.fields[0]["path"] == PackedStringArray(["offers"]), "path [offers]: %s" % [e.fields])
		check(e.fields[0]["arguments"].has("limit"), "names limit: %s" % [e.fields])
		check(e.message.contains("The limit field must be at least 1."), "the service's words: %s" % e.message)
		expect_eq(str(e), "invalid_argument: " + e.message, "str(error)")
	var unknown := await expect_error(c.offers("player-1", {"limt": 5}), OfferKitError.INVALID_ARGUMENT, "a misspelt option")
	if unknown != null:
		check(unknown.fields[0]["arguments"].has("limt"), "names the key: %s" % [unknown.fields])
	var typed := await expect_error(c.offers("player-1", {"limit": "5"}), OfferKitError.INVALID_ARGUMENT, "limit as a String")
	if typed != null:
		check(typed.message.contains("limit"), "names limit: %s" % typed.message)
	await expect_error(c.offers("", {}), OfferKitError.INVALID_ARGUMENT, "an empty player id")


func test_unauthorized() -> void:
	var c := client({"access_token": "not-a-valid-token"})
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "a bad token")
	if e != null:
		expect_eq(e.http_status, 401, "status")
	var none := client()
	var missing := await expect_error(none.offers("player-1", {}), OfferKitError.UNAUTHORIZED, "no token")
	if missing != null:
		expect_eq(missing.http_status, 0, "nothing was sent")


func test_forbidden() -> void:
	var c := client({"access_token": await token(3600, false)})
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.FORBIDDEN, "a token without scope")
	if e != null:
		expect_eq(e.http_status, 403, "status")


func test_validation_from_the_service() -> void:
	var c := await authorized_client()
	var e := await expect_error(c.graphql("query($p: String!) { offers(player_id: $p, limit: 0, sort: \"nope\") { id } }", {"p": "player-1"}), OfferKitError.VALIDATION, "limit 0 sent raw")
	if e == null:
		return
	expect_eq(e.http_status, 200, "GraphQL errors come with 200")
	check(e.fields.size() == 1 and e.fields[0]["path"] == PackedStringArray(["offers"]), "one field entry: %s" % [e.fields])
	var arguments: Dictionary = e.fields[0]["arguments"]
	check(arguments.has("limit") and arguments.has("sort"), "both arguments together: %s" % [arguments])
	check(e.response is Dictionary and e.response.has("errors"), "the whole response: %s" % [e.response])


func test_query_error() -> void:
	var c := await authorized_client()
	var e := await expect_error(c.graphql("{ no_such_field }", {}), OfferKitError.QUERY, "an unknown field")
	if e != null:
		check(e.response is Dictionary and e.response.get("data") == null, "data is null: %s" % [e.response])


func test_invalid_cursor_has_the_reason() -> void:
	var c := await authorized_client()
	var e := await expect_error(c.player_offers("player-1", {"after": "not-a-cursor"}), OfferKitError.INVALID_CURSOR, "a foreign cursor")
	if e != null:
		check(e.reason.contains("Omit `after`"), "the service's reason: %s" % e.reason)


func test_unsupported_media_type() -> void:
	await fault({"kind": "status", "status": 415, "path": "/v1/offers", "body": "{\"error\": \"Unsupported Media Type\"}"})
	var c := await authorized_client()
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.UNSUPPORTED_MEDIA_TYPE, "a 415")
	if e != null:
		expect_eq(e.http_status, 415, "status")


func test_unprocessable_has_field_errors() -> void:
	await fault({"kind": "status", "status": 422, "path": "/v1/offers", "body": "{\"message\": \"The given data was invalid.\", \"errors\": {\"page\": [\"The page field requires per_page.\"]}}"})
	var c := await authorized_client()
	var e := await expect_error(c.list_offers({"per_page": 5}), OfferKitError.UNPROCESSABLE, "a 422")
	if e != null:
		expect_eq(e.http_status, 422, "status")
		check(e.fields.size() == 1 and e.fields[0]["arguments"].has("page"), "the field errors: %s" % [e.fields])


func test_rate_limited_has_retry_after() -> void:
	await fault({"kind": "status", "status": 429, "retry_after_secs": 7, "path": "/v1/offers"})
	var c := await authorized_client()
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.RATE_LIMITED, "a 429")
	if e != null:
		expect_eq(e.http_status, 429, "status")
		expect_eq(e.retry_after, 7.0, "retry_after")


func test_server_error() -> void:
	await fault({"kind": "status", "status": 500, "path": "/v1/offers"})
	var c := await authorized_client()
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.SERVER, "a 500")
	if e != null:
		expect_eq(e.http_status, 500, "status")
		expect_eq(e.retry_after, -1.0, "no Retry-After")


func test_network() -> void:
	var c := client({"access_token": await token(), "max_retries": 0}, "http://127.0.0.1:9")
	await expect_error(c.offers("player-1", {}), OfferKitError.NETWORK, "nothing listens")


func test_timeout_is_the_deadline() -> void:
	await fault({"kind": "latency", "ms": 3000, "path": "/v1/offers"})
	var c := await authorized_client({"deadline": 0.5})
	var started := Time.get_ticks_msec()
	await expect_error(c.offers("player-1", {}), OfferKitError.TIMEOUT, "a slow service")
	check(Time.get_ticks_msec() - started < 2500, "ends at the deadline, not after the latency")


func test_decode() -> void:
	await fault({"kind": "malformed_json", "path": "/v1/offers"})
	var c := await authorized_client()
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.DECODE, "truncated JSON")
	if e != null:
		expect_eq(e.http_status, 200, "status of the malformed answer")


func test_rejected_wrong_base_url() -> void:
	var c := client({"access_token": await token()}, sim_url + "/no-such-prefix")
	var e := await expect_error(c.offers("player-1", {}), OfferKitError.REJECTED, "a wrong path prefix")
	if e != null:
		expect_eq(e.http_status, 404, "status")


func test_configure_refuses_bad_settings() -> void:
	var c := OfferKitClient.new()
	var e := c.configure("ftp://offers.example.com", {})
	check(e != null and e.kind == OfferKitError.INVALID_ARGUMENT, "ftp:// refused: %s" % [e])
	e = c.configure(sim_url, {"timeout": -1})
	check(e != null and e.kind == OfferKitError.INVALID_ARGUMENT and e.message.contains("timeout"), "a negative timeout: %s" % [e])
	e = c.configure(sim_url, {"deadline": 0})
	check(e != null and e.fields.size() == 1 and e.fields[0]["path"] == PackedStringArray(["config"]), "core's bounds, path [config]: %s" % [e])
	e = c.configure(sim_url, {"bogus": true})
	check(e != null and e.fields[0]["arguments"].has("bogus"), "an unknown key: %s" % [e])
	check(not c.is_configured(), "not configured")
	var unconfigured := await expect_error(c.offers("player-1", {}), OfferKitError.INVALID_ARGUMENT, "an unconfigured client")
	if unconfigured != null:
		check(unconfigured.message.contains("configure"), "says to configure: %s" % unconfigured.message)


func test_kind_constants_and_names() -> void:
	var names := OfferKitError.kind_names()
	expect_eq(names, PackedStringArray(["invalid_argument", "unauthorized", "forbidden", "validation", "query", "invalid_cursor", "unsupported_media_type", "unprocessable", "rate_limited", "server", "network", "timeout", "cancelled", "decode", "internal", "rejected"]), "every kind, in order")
	expect_eq(OfferKitError.name_of(OfferKitError.RATE_LIMITED), "rate_limited", "RATE_LIMITED")
	expect_eq(OfferKitError.name_of(OfferKitError.REJECTED), "rejected", "REJECTED")
	var made := OfferKitError.create(OfferKitError.FORBIDDEN, "banned")
	expect_eq(str(made), "forbidden: banned", "create()")
