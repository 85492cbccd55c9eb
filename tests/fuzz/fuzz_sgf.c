/* libFuzzer target for the SGF reader: parse any bytes (charset detection, decoding,
 * tokenising), then exercise every consumer of the tree: game info, main-line replay under
 * both superko rules, the writer, and a re-parse of the written text (round trip). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "go/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    go_sgf_options opts = GO_SGF_OPTIONS_INIT;
    opts.max_nodes = 20000; /* keep each input fast; the cap itself is under test */
    go_sgf *sgf = NULL;
    if (go_sgf_parse(&sgf, (const char *)data, size, &opts) != 0)
        return 0;
    for (size_t i = 0; i < go_sgf_game_count(sgf) && i < 4; i++) {
        go_sgf_game_info info;
        (void)go_sgf_info(&info, sgf, i);
        go_sgf_replay_options ropts = GO_SGF_REPLAY_OPTIONS_INIT;
        ropts.keep_partial = (i & 1) != 0;
        ropts.superko = (size & 1) ? GO_SUPERKO_POSITIONAL : GO_SUPERKO_SITUATIONAL;
        go_game *game = NULL;
        (void)go_sgf_replay(&game, NULL, sgf, i, &ropts);
        if (game) {
            go_sgf *rebuilt = NULL;
            if (go_sgf_from_game(&rebuilt, game, &info) == 0) {
                char *text = NULL;
                if (go_sgf_write(&text, NULL, rebuilt) == 0)
                    free(text);
            }
            go_sgf_free(rebuilt);
        }
        go_game_free(game);
    }
    char *text = NULL;
    size_t len = 0;
    if (go_sgf_write(&text, &len, sgf) == 0) {
        /* What we write must parse again into the same number of games. */
        go_sgf *again = NULL;
        go_sgf_options utf8 = GO_SGF_OPTIONS_INIT;
        utf8.charset = "UTF-8";
        if (go_sgf_parse(&again, text, len, &utf8) != 0 ||
            go_sgf_game_count(again) != go_sgf_game_count(sgf))
            abort();
        go_sgf_free(again);
        free(text);
    }
    go_sgf_free(sgf);
    return 0;
}
