/* Regression: replay every input of the SGF fuzz corpus (tests/fuzz/corpus/sgf) through the
 * same pipeline as the libFuzzer target, in the ordinary ASan/UBSan test build, so a crash the
 * fuzzer once found stays fixed without clang or libFuzzer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/fuzz_sgf.c"
#include "testutil.h"

static void test_sgf_corpus__every_input_runs_clean(void **state)
{
    (void)state;
    DIR *dir = opendir(GOREF_SGF_CORPUS);
    assert_non_null(dir);
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", GOREF_SGF_CORPUS, e->d_name);
        char *bytes;
        size_t len;
        if (tu_read_file(path, &bytes, &len) != 0)
            fail_msg("cannot read %s", path);
        assert_int_equal(LLVMFuzzerTestOneInput((const uint8_t *)bytes, len), 0);
        free(bytes);
        count++;
    }
    closedir(dir);
    printf("fuzz corpus: %zu inputs ran clean\n", count);
    assert_true(count >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sgf_corpus__every_input_runs_clean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
