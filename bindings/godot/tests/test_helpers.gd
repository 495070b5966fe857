# The static helpers of `OfferKit`: player-id checks, the stable short id (the same answer in
# every binding) and click URLs.
extends "res://tests/support/case.gd"


func test_short_player_id() -> void:
	expect_eq(OfferKit.short_player_id(""), "p-e3b0c44298fc1c149afbf4c8996fb924", "the documented example")
	expect_eq(OfferKit.short_player_id("steam:76561198000000000").length(), 34, "34 characters")


func test_player_id_checks() -> void:
	expect_eq(OfferKit.lint_player_id("Player.One"), PackedStringArray(["uppercase", "period"]), "lint")
	expect_eq(OfferKit.lint_player_id("player-1"), PackedStringArray(), "a good id")
	check(OfferKit.check_player_id("player-1") == null, "a valid id")
	var e := OfferKit.check_player_id("")
	check(e != null and e.kind == OfferKitError.INVALID_ARGUMENT, "an empty id: %s" % [e])
	var long := OfferKit.check_player_id("x".repeat(256))
	check(long != null and long.message.contains("255"), "256 characters: %s" % [long])


func test_click_url() -> void:
	var result := OfferKit.click_url("https://offers.example.com/click/1?player_id=old&x=1", "Player One")
	check(result.ok, "ok: %s" % [result.error])
	expect_eq(result.value, "https://offers.example.com/click/1?x=1&player_id=Player+One", "the id replaced")
	expect_eq(result.warnings, PackedStringArray(["uppercase", "space"]), "the conventions it breaks")
	var bad := OfferKit.click_url("not a url", "player-1")
	check(not bad.ok and bad.error.kind == OfferKitError.INVALID_ARGUMENT, "not a URL: %s" % [bad.error])


func test_version() -> void:
	check(OfferKit.version().count(".") == 2, "a version: %s" % OfferKit.version())
