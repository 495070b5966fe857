/* Leaks library allocations on purpose: bindings/c/test.sh checks that valgrind and
 * LeakSanitizer both report it, so their silence on the real tests means something. */
#include <stddef.h>

#include "offerkit.h"

static int leak(void) {
    char *id = NULL;
    OfferkitError *error = NULL;
    int made = offerkit_player_id_short("leak", &id, NULL) == OFFERKIT_STATUS_OK &&
               offerkit_player_id_validate("", &error) == OFFERKIT_STATUS_INVALID_ARGUMENT;
    /* Forget both pointers without freeing them. */
    char *volatile *forget_id = &id;
    OfferkitError *volatile *forget_error = &error;
    *forget_id = NULL;
    *forget_error = NULL;
    return made;
}

int main(void) {
    int made = 0;
    for (int i = 0; i < 8; i++) made += leak();
    return made == 8 ? 0 : 1;
}
