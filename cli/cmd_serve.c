/* `goref serve`: runs the HTTP service until SIGINT or SIGTERM, then stops accepting, lets the
 * requests in flight finish and closes the database. --init-admin creates the first account
 * (password from GOREF_ADMIN_PASSWORD, or asked for on a terminal with echo off). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "commands.h"
#include "go/error.h"
#include "go/parse.h"
#include "go/vision.h"
#include "http.h"
#include "opts.h"

static const cli_option serve_options[] = {
    {"port", "N", "the port (default 8080)"},
    {"bind", "ADDRESS", "the address to listen on (default 127.0.0.1)"},
    {"db", "FILE", "the club database (default goref.db, or GOREF_DB)"},
    {"init-admin", "NAME",
     "create an administrator first; the password comes from GOREF_ADMIN_PASSWORD or is asked"
     " for on the terminal"},
    {"open-scan", NULL, "scanning and counting work without an account (default)"},
    {"no-open-scan", NULL, "scanning and counting need an account"},
    {"secure", NULL, "mark cookies Secure (when a TLS proxy is in front)"},
    {"web-dir", "DIR", "serve the page from DIR instead of the embedded copy"},
    {"threads", "N", "worker threads"},
    {"heavy", "N",
     "photo readings and dead-stone suggestions run at once; more get 503 (default: one per"
     " core)"},
    {"quiet", NULL, "no request log"},
    {"trust-proxy", NULL,
     "behind a reverse proxy: the client is the last address of X-Forwarded-For (sign-in bounds"
     " and the log use it)"},
    {"host", "NAME[,NAME...]",
     "answer only requests whose Host header names one of these (a port is ignored); others"
     " get 421"},
    {NULL, NULL, NULL},
};

static const cli_spec spec = {
    "serve",
    "",
    "Runs the HTTP service and the web page until SIGINT or SIGTERM, then stops cleanly.",
    {serve_options},
    "serve --port 8080 --db club.db",
};

static int parse_uint(unsigned *out, const char *text, unsigned max)
{
    long v = 0;
    if (go_parse_long(&v, text, 0, (long)max) != 0)
        return -1;
    *out = (unsigned)v;
    return 0;
}

/* Reads a line from the terminal without echo; 0 or -1. */
static int ask_password(char *out, size_t size, const char *prompt)
{
    struct termios old, quiet;
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &old) != 0)
        return -1;
    quiet = old;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    fprintf(stderr, "%s", prompt);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    char *line = fgets(out, (int)size, stdin);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
    fprintf(stderr, "\n");
    if (!line)
        return -1;
    out[strcspn(out, "\r\n")] = '\0';
    return 0;
}

static int init_admin(const char *name, const go_http_options *opts)
{
    char password[512], again[512];
    const char *env = getenv("GOREF_ADMIN_PASSWORD");
    if (env) {
        snprintf(password, sizeof password, "%s", env);
    } else {
        if (ask_password(password, sizeof password, "password for the administrator: ") != 0) {
            fprintf(stderr, "goref serve: set GOREF_ADMIN_PASSWORD or run on a terminal\n");
            return 2;
        }
        if (ask_password(again, sizeof again, "again: ") != 0 || strcmp(password, again) != 0) {
            fprintf(stderr, "goref serve: the passwords differ\n");
            return 2;
        }
    }
    int err = go_http_user_create(opts->db_path, name, password, "admin", opts);
    memset(password, 0, sizeof password);
    memset(again, 0, sizeof again);
    if (err == GO_EEXISTS) {
        fprintf(stderr, "goref serve: account '%s' already exists; kept unchanged\n", name);
        return 0;
    }
    if (err) {
        fprintf(stderr, "goref serve: %s\n",
                go_error_last()[0] ? go_error_last() : go_strerror(err));
        return 2;
    }
    fprintf(stderr, "goref serve: administrator '%s' created\n", name);
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    const char *admin = NULL;
    const char *db_env = getenv("GOREF_DB");
    if (db_env && *db_env)
        opts.db_path = db_env;
    cli_args args;
    if (cli_parse(&args, &spec, argc, argv, 1) != 0) {
        fprintf(stderr, "goref serve: %s\n", go_error_last());
        return 2;
    }
    if (args.help) {
        cli_help(stdout, &spec);
        return 0;
    }
    if (args.npos > 0) {
        fprintf(stderr, "goref serve: unexpected operand '%s' (see goref serve --help)\n",
                args.pos[0]);
        return 2;
    }
    for (int i = 0; i < args.nopt; i++) {
        const char *a = args.opt[i]->name, *v = args.val[i];
        if (strcmp(a, "port") == 0) {
            if (parse_uint(&opts.port, v, 65535)) {
                fprintf(stderr, "goref serve: bad port '%s'\n", v);
                return 2;
            }
        } else if (strcmp(a, "bind") == 0) {
            opts.bind = v;
        } else if (strcmp(a, "db") == 0) {
            opts.db_path = v;
        } else if (strcmp(a, "init-admin") == 0) {
            admin = v;
        } else if (strcmp(a, "web-dir") == 0) {
            opts.web_dir = v;
        } else if (strcmp(a, "threads") == 0) {
            if (parse_uint(&opts.threads, v, 256)) {
                fprintf(stderr, "goref serve: bad thread count '%s'\n", v);
                return 2;
            }
        } else if (strcmp(a, "heavy") == 0) {
            if (parse_uint(&opts.max_heavy, v, 256) || opts.max_heavy == 0) {
                fprintf(stderr, "goref serve: --heavy must be 1 to 256, not '%s'\n", v);
                return 2;
            }
        } else if (strcmp(a, "open-scan") == 0) {
            opts.open_scan = true;
        } else if (strcmp(a, "no-open-scan") == 0) {
            opts.open_scan = false;
        } else if (strcmp(a, "trust-proxy") == 0) {
            opts.trust_proxy = true;
        } else if (strcmp(a, "host") == 0) {
            if (!*v || strlen(v) >= 1024) {
                fprintf(stderr,
                        "goref serve: --host needs one or more names, separated by commas\n");
                return 2;
            }
            opts.hosts = v;
        } else if (strcmp(a, "secure") == 0) {
            opts.secure_cookies = true;
        } else if (strcmp(a, "quiet") == 0) {
            opts.quiet = true;
        }
    }
    if (admin) {
        int rc = init_admin(admin, &opts);
        if (rc)
            return rc;
    }

    /* Block the stop signals before the server's threads exist, so they inherit the mask and
     * only this thread receives them, in sigwait. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    /* the photo reader is a module loaded on demand: a missing one is told now, not to the
     * first teacher who sends a photo */
    if (go_vision_ready() != 0) {
        fprintf(stderr, "goref serve: %s\n", go_error_last());
        return 2;
    }
    go_http *srv = NULL;
    int err = go_http_start(&srv, &opts);
    if (err) {
        fprintf(stderr, "goref serve: %s\n",
                go_error_last()[0] ? go_error_last() : go_strerror(err));
        return 2;
    }
    const char *host = opts.bind;
    int v6 = strchr(host, ':') != NULL;
    printf("goref: serving on http://%s%s%s:%u/ (database %s); Ctrl-C stops\n", v6 ? "[" : "", host,
           v6 ? "]" : "", go_http_port(srv), opts.db_path);
    if (go_http_account_count(srv) == 0)
        printf("goref: no accounts yet: scanning and counting work without one; for the club "
               "pages run once with --init-admin NAME\n");
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    fprintf(stderr, "goref: %s received, finishing requests in flight\n",
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    go_http_stop(srv, 10000);
    fprintf(stderr, "goref: stopped\n");
    return 0;
}
