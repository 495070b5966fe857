/* print_offers: prints the offers of one player, fetched with libofferkit.
 *
 *   print_offers BASE_URL [PLAYER_ID]
 *
 * The access token comes from the environment (OFFERKIT_ACCESS_TOKEN): client apps get short-lived
 * tokens from their own backend, never a refresh token. Exit status: 0 on success, 1 on an
 * offerkit error (printed with its kind), 2 on bad usage.
 *
 * It shows the two things every caller should handle: a field the service did not send is NULL
 * (its payout NaN with has_total_payout_usd false), and items the service sent malformed are
 * left out of the list and reported by offerkit_offer_list_skipped_get. */
#include <stdio.h>
#include <stdlib.h>

#include "offerkit.h"

static int fail(const char *what, OfferkitStatus status, OfferkitError *error) {
    fprintf(stderr, "%s failed: %s (%s)", what, offerkit_status_name(status),
            offerkit_error_message(error));
    if (offerkit_error_http_status(error)) fprintf(stderr, " [HTTP %u]", offerkit_error_http_status(error));
    fprintf(stderr, "\n");
    offerkit_error_free(error);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s BASE_URL [PLAYER_ID]   (token in OFFERKIT_ACCESS_TOKEN)\n", argv[0]);
        return 2;
    }
    const char *player_id = argc > 2 ? argv[2] : "demo";
    printf("libofferkit %s\n", offerkit_version());

    OfferkitConfig *config = NULL;
    OfferkitError *error = NULL;
    OfferkitStatus status = offerkit_config_new(argv[1], &config, &error);
    if (status != OFFERKIT_STATUS_OK) return fail("offerkit_config_new", status, error);
    offerkit_config_set_access_token(config, getenv("OFFERKIT_ACCESS_TOKEN"), NULL);
    offerkit_config_set_timeout_ms(config, 5000, NULL);
    /* No call of this program blocks longer than 10 s, whatever the service does. */
    offerkit_config_set_deadline_ms(config, 10000, NULL);

    OfferkitClient *client = NULL;
    status = offerkit_client_new(config, &client, &error);
    offerkit_config_free(config);
    if (status != OFFERKIT_STATUS_OK) return fail("offerkit_client_new", status, error);

    /* Options are a builder: every option is unset until set. The call copies them. */
    OfferkitOffersOptions *options = NULL;
    status = offerkit_offers_options_new(&options, &error);
    if (status == OFFERKIT_STATUS_OK) status = offerkit_offers_options_set_limit(options, 10, &error);
    if (status == OFFERKIT_STATUS_OK)
        status = offerkit_offers_options_set_sort(options, "epc.desc", &error);
    if (status == OFFERKIT_STATUS_OK)
        status = offerkit_offers_options_set_select(options, "links { click_url }", &error);
    OfferkitOfferList *offers = NULL;
    if (status == OFFERKIT_STATUS_OK)
        status = offerkit_client_offers(client, player_id, options, &offers, &error);
    offerkit_offers_options_free(options);
    if (status != OFFERKIT_STATUS_OK) {
        offerkit_client_free(client);
        return fail("offers", status, error);
    }

    size_t count = offerkit_offer_list_count(offers);
    printf("%zu offers for %s:\n", count, player_id);
    for (size_t i = 0; i < count; i++) {
        OfferkitOfferView offer;
        if (offerkit_offer_list_get(offers, i, &offer, NULL) != OFFERKIT_STATUS_OK) continue;
        char *click_url = NULL; /* stays NULL when the offer has none (NOT_FOUND) */
        offerkit_offer_list_field_text(offers, i, "links.click_url", &click_url, NULL);
        char payout[32] = "      ?";
        if (offer.has_total_payout_usd) snprintf(payout, sizeof payout, "%7.2f", offer.total_payout_usd);
        printf("  %-16s %-28s $%s  %s\n", offer.id ? offer.id : "-", offer.name ? offer.name : "-",
               payout, click_url ? click_url : "-");
        offerkit_string_free(click_url);
    }
    for (size_t i = 0; i < offerkit_offer_list_skipped_count(offers); i++) {
        OfferkitSkippedItem bad;
        if (offerkit_offer_list_skipped_get(offers, i, &bad, NULL) == OFFERKIT_STATUS_OK)
            fprintf(stderr, "skipped item %zu (id %s): %s\n", bad.index, bad.id ? bad.id : "-",
                    bad.reason);
    }
    offerkit_offer_list_free(offers);
    offerkit_client_free(client);
    /* Stops the library's threads and releases its globals (optional before exit; needed
     * before unloading the library). */
    status = offerkit_shutdown(&error);
    if (status != OFFERKIT_STATUS_OK) return fail("offerkit_shutdown", status, error);
    return 0;
}
