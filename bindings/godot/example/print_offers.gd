# The smallest complete program: a player's offers, printed, with what to do about each kind
# of error. Run it headless as the main loop of any project that has the addon:
#
#   OFFERKIT_BASE_URL=https://offers.example.com OFFERKIT_ACCESS_TOKEN=... \
#     godot --headless --path MyGame -s res://example/print_offers.gd
extends SceneTree


func _initialize() -> void:
	_main.call_deferred()


func _main() -> void:
	var client := OfferKitClient.new()
	var error := client.configure(OS.get_environment("OFFERKIT_BASE_URL"), {
		"access_token": OS.get_environment("OFFERKIT_ACCESS_TOKEN"),
		"deadline": 10.0,
	})
	if error != null:
		printerr("cannot configure offerkit: ", error)
		quit(2)
		return
	var player_id := "demo-player"
	var result: OfferKitResult = await client.offers(player_id, {"limit": 5, "select": "links { click_url }"}).completed
	if not result.ok:
		match result.error.kind:
			OfferKitError.UNAUTHORIZED, OfferKitError.FORBIDDEN:
				printerr("the access token was refused: ", result.error.message)
			OfferKitError.RATE_LIMITED:
				printerr("too many requests; retry in %s s" % result.error.retry_after)
			OfferKitError.NETWORK, OfferKitError.TIMEOUT, OfferKitError.SERVER:
				printerr("the service cannot be reached now: ", result.error)
			_:
				printerr(result.error)
		quit(1)
		return
	print("%d offers for %s:" % [result.value.size(), player_id])
	for offer: OfferKitOffer in result.value:
		var click := offer.click_url(player_id)
		print("%s  %-28s $%6.2f  %s" % [offer.id, offer.name, offer.total_payout_usd, click.value if click.ok else "(no link)"])
	quit(0)
