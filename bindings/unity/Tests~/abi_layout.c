/* abi_layout.c: prints the size and field offsets of every struct the C# wrapper mirrors (the
 * views a result is read through; options are opaque builders), as the C compiler lays them out,
 * for AbiTests to compare with Marshal.SizeOf/OffsetOf. */
#include <stddef.h>
#include <stdio.h>

#include "offerkit.h"

#define STRUCT(T) printf("\n%s size %zu", #T, sizeof(T))
#define FIELD(T, f) printf(" %s %zu", #f, offsetof(T, f))

int main(void) {
    STRUCT(OfferkitOfferView);
    FIELD(OfferkitOfferView, id);
    FIELD(OfferkitOfferView, name);
    FIELD(OfferkitOfferView, total_payout_usd);
    FIELD(OfferkitOfferView, creative_name);
    FIELD(OfferkitOfferView, creative_description);
    FIELD(OfferkitOfferView, has_total_payout_usd);
    STRUCT(OfferkitPlayerOfferView);
    FIELD(OfferkitPlayerOfferView, id);
    FIELD(OfferkitPlayerOfferView, name);
    FIELD(OfferkitPlayerOfferView, status);
    STRUCT(OfferkitPagination);
    FIELD(OfferkitPagination, current_page);
    FIELD(OfferkitPagination, per_page);
    FIELD(OfferkitPagination, has_more_pages);
    FIELD(OfferkitPagination, next_page);
    STRUCT(OfferkitSkippedItem);
    FIELD(OfferkitSkippedItem, index);
    FIELD(OfferkitSkippedItem, id);
    FIELD(OfferkitSkippedItem, reason);
    printf("\n");
    return 0;
}
