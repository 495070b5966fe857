# The queries a game makes, and the typed objects they give: offers, links, player offers,
# the listing, raw GraphQL, the cache, and what a misbehaving service's odd fields become.
extends "res://tests/support/case.gd"


func test_offers_are_typed_objects() -> void:
	var c := await authorized_client()
	var offers: Variant = await expect_ok(c.offers("player-1", {}), "offers")
	if not check(offers is Array and offers.size() > 0, "offers: a non-empty Array, got %s" % [offers]):
		return
	for offer in offers:
		check(offer is OfferKitOffer, "an OfferKitOffer: %s" % [offer])
		check(offer.id != "" and offer.name != "", "id and name are set")
		check(offer.total_payout_usd > 0.0, "total_payout_usd > 0")
		check(offer.creatives is OfferKitCreatives and offer.creatives.name != "", "creatives are set")
		check(offer.extra.is_empty(), "the default selection has no extra field")


func test_awaiting_completed_directly() -> void:
	var c := await authorized_client()
	var result: OfferKitResult = await c.offers("player-1", {"limit": 2}).completed
	check(result.ok, "ok: %s" % [result.error])
	expect_eq(result.value.size(), 2, "limit 2")
	check(not result.from_cache and not result.stale, "from the network")


func test_offers_options_and_extra_fields() -> void:
	var c := await authorized_client()
	var offers: Variant = await expect_ok(c.offers("player-1", {"limit": 3, "sort": "epc.desc", "language": "de", "select": "links { click_url } campaign_id"}), "offers")
	if offers == null or not expect_eq(offers.size(), 3, "limit 3"):
		return
	var offer: OfferKitOffer = offers[0]
	check(offer.extra.has("links") and offer.extra["links"] is Dictionary, "extra.links is a Dictionary: %s" % [offer.extra])
	expect_eq(typeof(offer.extra.get("campaign_id")), TYPE_INT, "campaign_id is an int")
	var url: Variant = offer.field("links.click_url")
	check(url is String and url.contains("player_id=player-1"), "field(links.click_url): %s" % [url])
	check(offer.has("campaign_id") and not offer.has("nope"), "has()")
	var whole := offer.to_dict()
	check(whole.has("id") and whole.has("links") and whole.has("creatives"), "to_dict has every field: %s" % [whole.keys()])
	var click := offer.click_url("Player One")
	check(click.ok and String(click.value).contains("player_id=Player+One"), "click_url: %s" % [click.value])
	check(click.warnings.has("uppercase") and click.warnings.has("space"), "click_url warnings: %s" % [click.warnings])


func test_links() -> void:
	var c := await authorized_client()
	var links: Variant = await expect_ok(c.links("player-1", {"select": "offerwall"}), "links")
	check(links is Dictionary and links.get("support_portal", "") is String and links.has("offerwall"), "links: %s" % [links])


func test_player_offers_page() -> void:
	var c := await authorized_client()
	var page: Variant = await expect_ok(c.player_offers("player-1", {"limit": 2}), "player_offers")
	if not check(page is OfferKitPlayerOffersPage, "a page: %s" % [page]):
		return
	expect_eq(page.items.size(), 2, "limit 2")
	check(page.has_next() and page.next_cursor != "", "a next cursor")
	var item: OfferKitPlayerOffer = page.items[0]
	check(item.status in ["in_progress", "completed"], "status: %s" % item.status)
	check(item.extra.has("payout_earned_usd") and item.field("creatives.name") is String, "extra fields: %s" % [item.to_dict()])
	var next: Variant = await expect_ok(c.player_offers("player-1", {"limit": 2, "after": page.next_cursor}), "page 2")
	check(next is OfferKitPlayerOffersPage and next.items[0].id != item.id, "page 2 is another page")


func test_listing() -> void:
	var c := await authorized_client()
	var all: Variant = await expect_ok(c.list_offers({}), "list_offers")
	check(all is OfferKitListingPage and all.offers.size() > 0 and all.pagination.is_empty(), "every offer, no pagination")
	var page: Variant = await expect_ok(c.list_offers({"per_page": 10, "page": 2}), "page 2")
	if check(page is OfferKitListingPage, "a page"):
		expect_eq(page.offers.size(), 10, "per_page")
		expect_eq(page.pagination.get("current_page"), 2, "current_page")
		expect_eq(page.pagination.get("has_more_pages"), true, "has_more_pages")


func test_graphql() -> void:
	var c := await authorized_client()
	var data: Variant = await expect_ok(c.graphql("query($p: String!, $n: Int) { offers(player_id: $p, limit: $n) { id name } }", {"p": "player-1", "n": 2}), "graphql")
	check(data is Dictionary and data.get("offers") is Array and data["offers"].size() == 2, "data: %s" % [data])
	var bad := await expect_error(c.graphql("{ offers { id } }", {"v": Vector2(1, 2)}), OfferKitError.INVALID_ARGUMENT, "a Vector2 variable")
	if bad != null:
		check(bad.message.contains("variables"), "names the variables: %s" % bad.message)


func test_graphql_data_deep_and_large_numbers() -> void:
	var c := await authorized_client()
	var deep := "[".repeat(200) + "1" + "]".repeat(200)
	var body := "{\"data\":{\"big\":123456789012345678901234567890,\"max\":9223372036854775807,\"deep\":%s}}" % deep
	await fault({"kind": "status", "status": 200, "body": body})
	var text: Variant = await expect_ok(c.graphql("{ offers(player_id: \"p\") { id } }", {}), "deep data")
	check(text is String and text == "{\"big\":123456789012345678901234567890,\"max\":9223372036854775807,\"deep\":%s}" % deep, "deep data arrives as its text: %s" % [str(text).left(80)])
	await fault({"kind": "status", "status": 200, "body": "{\"data\":{\"big\":123456789012345678901234567890,\"max\":9223372036854775807,\"n\":[[[2]]]}}"})
	var data: Variant = await expect_ok(c.graphql("{ offers(player_id: \"p\") { id } }", {}), "big numbers")
	if check(data is Dictionary, "data: %s" % [data]):
		check(data["max"] is int and data["max"] == 9223372036854775807, "a 64-bit integer stays int: %s" % [data["max"]])
		check(data["big"] is float and is_equal_approx(data["big"], 1.2345678901234568e29), "a larger one is float: %s" % [data["big"]])
		check(data["n"] is Array and data["n"][0][0][0] == 2, "nested arrays: %s" % [data["n"]])


func test_cache_serves_repeats() -> void:
	var c := await authorized_client({"cache_ttl": 300})
	var first := await wait(c.offers("cache-player", {}))
	var second := await wait(c.offers("cache-player", {}))
	if first == null or second == null:
		return
	check(first.ok and not first.from_cache, "first from the network")
	check(second.ok and second.from_cache and second.age >= 0.0, "second from the cache")
	c.invalidate("cache-player")
	var third := await wait(c.offers("cache-player", {}))
	check(third != null and third.ok and not third.from_cache, "after invalidate, from the network")


func test_malformed_offers_are_skipped() -> void:
	await sim(HTTPClient.METHOD_PUT, "/_sim/mess", {"bad_fields": true})
	var c := await authorized_client()
	var result := await wait(c.offers("player-1", {}))
	if result == null or not check(result.ok, "ok: %s" % [result.error]):
		return
	check(result.skipped.size() > 0, "some offers skipped")
	var first: Dictionary = result.skipped[0]
	expect_eq(first.get("index"), 1, "the first bad item is at index 1")
	check(String(first.get("reason", "")) != "", "a reason")
	for offer in result.value:
		check(offer.name != "", "only good offers are kept")


func test_odd_extra_fields() -> void:
	await sim(HTTPClient.METHOD_PUT, "/_sim/mess", {"odd_extra": true})
	var c := await authorized_client()
	var offers: Variant = await expect_ok(c.offers("player-1", {"limit": 1}), "offers")
	if offers == null or offers.is_empty():
		return
	var extra: Dictionary = offers[0].extra
	check(extra.get("x_deep") is String and String(extra["x_deep"]).begins_with("[[["), "too deep: its JSON text")
	expect_eq(typeof(extra.get("x_bigint")), TYPE_FLOAT, "a big integer is a float")
	expect_eq(extra.get(""), "empty key", "the empty key")
	expect_eq(extra.get("a.b"), "dotted key", "a dotted key")
	expect_eq(extra.get("x_unicode_é"), "ü", "unicode")
	check(extra.get("x_nul") is String and String(extra["x_nul"]).begins_with("a"), "a string with a NUL is a String")
	check(extra.has("x_huge"), "a number no float holds is kept (as its text)")
