/* Every `goref club` command and verb as a table row (club_specs.h): operands, options with
 * their help, one example. cmd_club.c parses with these and nothing else. */
#include <string.h>

#include "club_specs.h"

static const cli_option global[] = {
    {"db", "FILE", "the club database (default goref.db, or GOREF_DB)"},
    {"json", NULL, "answer in JSON"},
    {"who", "NAME", "who makes the change, for the change log (default GOREF_USER or USER)"},
    {NULL, NULL, NULL},
};
static const cli_option reason[] = {
    {"reason", "TEXT", "why (required: kept in the change log)"},
    {NULL, NULL, NULL},
};
static const cli_option log_list[] = {
    {"what", "KIND", "only result, dues, status, checkin or loan"},
    {"member", "MEMBER", "one member (id or member number)"},
    {NULL, NULL, NULL},
};
static const cli_option listing[] = {
    {"html", "FILE", "a printable HTML page instead (- for stdout)"},
    {"csv", "FILE", "a CSV file for Excel instead (UTF-8 with BOM; - for stdout)"},
    {"projector", NULL, "the HTML page in large print, for a projector"},
    {NULL, NULL, NULL},
};
static const cli_option none[] = {{NULL, NULL, NULL}};

static const cli_option member_fields[] = {
    {"name", "NAME", "the member's name"},
    {"number", "NUMBER", "the member number (unique)"},
    {"class", "CLASS", "class or grade (三年级二班)"},
    {"contact", "TEXT", "how to reach the member or the parents"},
    {"rank", "RANK", "amateur rank: 5k, 1d, 5级, 1段"},
    {"joined", "DATE", "the day the member joined (default today)"},
    {NULL, NULL, NULL},
};
static const cli_option member_list[] = {
    {"status", "STATUS", "only active, withdrawn, revoked or left"},
    {NULL, NULL, NULL},
};
static const cli_option member_import[] = {
    {"dry-run", NULL, "check every row, write nothing"},
    {NULL, NULL, NULL},
};
static const cli_option member_status[] = {
    {"reason", "TEXT", "why (required)"},
    {"date", "DATE", "from when (default today)"},
    {NULL, NULL, NULL},
};
static const cli_option dues_set[] = {
    {"paid", "DATE", "the day it was paid (omit when not paid yet)"},
    {"future", NULL, "allow a payment date after today"},
    {"reason", "TEXT", "why a recorded amount or date changes (kept in the log)"},
    {NULL, NULL, NULL},
};
static const cli_option dues_list[] = {
    {"member", "MEMBER", "one member (id or member number)"},
    {"unpaid", NULL, "only what is not paid, with active members who have no record"},
    {"year", "YYYY-YYYY", "the school year (default the current one, for --unpaid)"},
    {NULL, NULL, NULL},
};
static const cli_option dues_remind[] = {
    {"year", "YYYY-YYYY", "the school year (default the current one)"},
    {NULL, NULL, NULL},
};
static const cli_option schedule_set[] = {
    {"from", "DATE", "from when (default today)"},
    {NULL, NULL, NULL},
};
static const cli_option activity_add[] = {
    {"title", "TEXT", "what it is (比赛, 讲座 ...)"},
    {NULL, NULL, NULL},
};
static const cli_option from_to[] = {
    {"from", "DATE", "the first day"},
    {"to", "DATE", "the last day"},
    {NULL, NULL, NULL},
};
static const cli_option checkin[] = {
    {"at", "DATE'T'HH:MM", "when the member arrived (default now)"},
    {"future", NULL, "allow a time after now"},
    {NULL, NULL, NULL},
};
static const cli_option checkin_list[] = {
    {"member", "MEMBER", "one member (id or member number)"},
    {"from", "DATE", "the first day"},
    {"to", "DATE", "the last day"},
    {NULL, NULL, NULL},
};
static const cli_option leave_add[] = {
    {"from", "DATE", "the first day of the leave"},
    {"to", "DATE", "the last day of the leave"},
    {"reason", "TEXT", "why (illness, exams ...)"},
    {NULL, NULL, NULL},
};
static const cli_option leave_list[] = {
    {"member", "MEMBER", "one member (id or member number)"},
    {NULL, NULL, NULL},
};
static const cli_option attendance_report[] = {
    {"month", "YYYY-MM", "one month"},
    {"from", "DATE", "the first day (instead of --month)"},
    {"to", "DATE", "the last day (instead of --month)"},
    {NULL, NULL, NULL},
};
static const cli_option rules_set[] = {
    {"withdraw-weeks", "N", "consecutive weeks without a check-in that withdraw (3)"},
    {"revoke-missed", "N", "missed activities that revoke the membership (3)"},
    {"late-minutes", "N", "minutes late that make half an attendance (30)"},
    {"withdraw", "on|off", "the three-week rule"},
    {"revoke", "on|off", "the missed-activities rule"},
    {"reward", "on|off", "the full-attendance reward list"},
    {NULL, NULL, NULL},
};
static const cli_option rules_apply[] = {
    {"as-of", "DATE[THH:MM]", "apply the rules as of this day or time (default now)"},
    {"dry-run", NULL, "show the changes, write nothing"},
    {NULL, NULL, NULL},
};
static const cli_option item_add[] = {
    {"name", "NAME", "what it is (19路棋盘)"},
    {"kind", "KIND", "board, stones, clock, book or other"},
    {"size", "N", "a board's size (9, 13, 19)"},
    {"count", "N", "how many (default 1)"},
    {"price", "YUAN", "the price of one, in yuan (45.50)"},
    {"location", "TEXT", "where it is kept"},
    {"condition", "COND", "good, worn or damaged"},
    {NULL, NULL, NULL},
};
static const cli_option stocktake[] = {
    {"date", "DATE", "the day of the count (default today)"},
    {"note", "TEXT", "a remark"},
    {NULL, NULL, NULL},
};
static const cli_option loan_out[] = {
    {"approver", "NAME", "who approved the loan (required)"},
    {"quantity", "N", "how many (default 1)"},
    {"date", "DATE", "the day of the loan (default today)"},
    {"due", "DATE", "when it is due (default the next activity)"},
    {"future", NULL, "allow a loan date after today"},
    {"force", NULL, "lend to a member who is not active (with a warning)"},
    {NULL, NULL, NULL},
};
static const cli_option loan_return[] = {
    {"condition", "COND", "good, worn, damaged or lost (default good)"},
    {"quantity", "N", "how many come back (default all; the rest stay out)"},
    {"date", "DATE", "the day it came back (default today)"},
    {NULL, NULL, NULL},
};
static const cli_option charge_paid[] = {
    {"date", "DATE", "the day it was paid (default today)"},
    {"future", NULL, "allow a date after today"},
    {NULL, NULL, NULL},
};
static const cli_option loan_list[] = {
    {"open", NULL, "only loans not returned"},
    {NULL, NULL, NULL},
};
static const cli_option as_of[] = {
    {"as-of", "DATE", "as of this day (default today)"},
    {NULL, NULL, NULL},
};
static const cli_option result_add[] = {
    {"black", "MEMBER", "Black (id or member number)"},
    {"white", "MEMBER", "White (id or member number)"},
    {"game", "ID", "the paired game of an event"},
    {"winner", "B|W|draw|none", "who won; none: both lose (Article 23.2, both absent)"},
    {"by", "HOW", "count, resign, time, forfeit or draw"},
    {"margin", "STONES", "by count: the margin in stones (2.75)"},
    {"size", "N", "the board's size, which bounds the margin (default 19)"},
    {"count-json", "FILE", "the count as `goref count --json` printed it"},
    {"warnings-black", "N", "warnings Black received (two lose the game)"},
    {"warnings-white", "N", "warnings White received"},
    {"date", "DATE", "the day of the game (default today, or the pairing's)"},
    {"future", NULL, "allow a date after today"},
    {"handicap", "N", "handicap stones"},
    {"komi", "STONES", "komi in stones (default 3.75)"},
    {"rules", "RULES", "the rules (chinese)"},
    {"referee", "NAME", "the referee"},
    {"dead", "POINTS", "the dead stones"},
    {"position", "FILE", "the final position as board text"},
    {"photo", "FILE", "a photo of the final position (its SHA-256 is kept)"},
    {"photo-sha256", "HEX", "the photo's SHA-256 when the photo is elsewhere"},
    {"reason", "TEXT", "why a result already entered changes (required then; logged)"},
    {NULL, NULL, NULL},
};
static const cli_option game_list[] = {
    {"member", "MEMBER", "one member's games"},
    {"event", "EVENT", "one event's games"},
    {NULL, NULL, NULL},
};
static const cli_option event_add[] = {
    {"kind", "KIND", "roundrobin, swiss, knockout, match, team or teamswiss (default swiss)"},
    {"rounds", "N", "rounds (Swiss), games (match); a round robin's follow from its players"},
    {"cycles", "N", "round robins: 2 for a double round robin (every pair twice)"},
    {"boards", "N", "team events: boards per team"},
    {"date", "DATE", "the first day (default today)"},
    {"draw", "B|W", "the lot for round 1: the higher player's colour on board 1 (default drawn)"},
    {NULL, NULL, NULL},
};
static const cli_option event_enter[] = {
    {"team", "NAME", "team events: the team"},
    {"board", "N", "team events: the board (1 = first)"},
    {"force", NULL, "enter a member who is not active (with a warning)"},
    {NULL, NULL, NULL},
};
static const cli_option event_withdraw[] = {
    {"after", "ROUND", "the last round played (0: before the start)"},
    {NULL, NULL, NULL},
};
static const cli_option event_tiebreak[] = {
    {"lots", NULL, "draw every shared place by lot"},
    {"playoff", "M1,M2,...", "the players of one shared place in the play-off's order"},
    {NULL, NULL, NULL},
};
static const cli_option standings_opts[] = {
    {"lang", "zh|en", "headers (default: zh on --html and --csv pages, en on the terminal)"},
    {NULL, NULL, NULL},
};
static const cli_option event_pairings[] = {
    {"round", "N", "one round"},
    {NULL, NULL, NULL},
};
static const cli_option out_file[] = {
    {"out", "FILE", "write to FILE instead of stdout"},
    {NULL, NULL, NULL},
};
static const cli_option export_csv[] = {
    {"out", "FILE", "write to FILE instead of stdout"},
    {"lang", "zh|en", "the headers' language (default zh)"},
    {NULL, NULL, NULL},
};
static const cli_option backup[] = {
    {"force", NULL, "overwrite FILE when it exists"},
    {NULL, NULL, NULL},
};

#define W true  /* writes */
#define R false /* reads */
#define SPEC(cmd, ops, summary, example, ...)                                                      \
    {                                                                                              \
        "club " cmd, ops, summary, {__VA_ARGS__}, example                                          \
    }
#define G global
#define L listing

const club_verb club_verbs[] = {
    {"member", "add", 0, 0, W,
     SPEC("member add", "", "Adds a member.",
          "club member add --name 王小明 --number 2026001 --rank 15k --joined 2026-09-01",
          member_fields, G, none, none)},
    {"member", "import", 1, 1, W,
     SPEC("member import", "FILE",
          "Adds the members of a CSV file: a header row (number, name, class, contact, rank,\n"
          "joined, or 会员号, 姓名, 班级, 联系方式, 段级位, 入会日期), then a member a row. Every "
          "bad\n"
          "row is named with its line, and then nothing is imported.",
          "club member import 新会员.csv --dry-run", member_import, G, none, none)},
    {"member", "list", 0, 0, R,
     SPEC("member list", "", "Lists the members.", "club member list --status active", member_list,
          G, L, none)},
    {"member", "show", 1, 1, R,
     SPEC("member show", "MEMBER", "One member with the status history and the dues.",
          "club member show 2026001", none, G, none, none)},
    {"member", "history", 1, 1, R,
     SPEC("member history", "MEMBER", "The status history of a member.",
          "club member history 2026001", none, G, L, none)},
    {"member", "edit", 1, 1, W,
     SPEC("member edit", "MEMBER",
          "Changes a member's details; a new join date moves the start of attendance.",
          "club member edit 2026001 --rank 10k", member_fields, G, none, none)},
    {"member", "status", 2, 2, W,
     SPEC("member status", "MEMBER active|withdrawn|revoked|left",
          "Changes a member's status, with the reason.",
          "club member status 2026001 left --reason 转学", member_status, G, none, none)},
    {"dues", "set", 3, 3, W,
     SPEC("dues set", "MEMBER YEAR AMOUNT",
          "Records the dues of a school year (AMOUNT in yuan: 50 or 50.00).",
          "club dues set 2026001 2026-2027 50 --paid 2026-09-10", dues_set, G, none, none)},
    {"dues", "delete", 2, 2, W,
     SPEC("dues delete", "MEMBER YEAR", "Deletes a dues record entered by mistake.",
          "club dues delete 2026001 2026-2027 --reason 重复录入", reason, G, none, none)},
    {"dues", "totals", 0, 0, R,
     SPEC("dues totals", "", "Per school year: records, paid and unpaid, in yuan.",
          "club dues totals", none, G, L, none)},
    {"dues", "remind", 0, 0, R,
     SPEC("dues remind", "", "Who still owes for a school year, with class and contact.",
          "club dues remind --year 2026-2027 --html reminders.html", dues_remind, G, L, none)},
    {"dues", "list", 0, 0, R,
     SPEC("dues list", "", "Lists the dues; --unpaid lists who still owes.",
          "club dues list --unpaid --year 2026-2027", dues_list, G, L, none)},
    {"schedule", "set", 2, 2, W,
     SPEC("schedule set", "WEEKDAY HH:MM",
          "The weekly activity: WEEKDAY 1..7, mon..sun or 周一..周日.",
          "club schedule set wed 16:30 --from 2026-09-01", schedule_set, G, none, none)},
    {"schedule", "generate", 2, 2, W,
     SPEC("schedule generate", "FROM TO", "Creates the scheduled activities of a period.",
          "club schedule generate 2026-09-01 2027-01-15", none, G, none, none)},
    {"activity", "add", 1, 1, W,
     SPEC("activity add", "DATE'T'HH:MM", "Adds an activity outside the schedule.",
          "club activity add 2026-10-17T09:00 --title 校内赛", activity_add, G, none, none)},
    {"activity", "cancel", 1, 1, W,
     SPEC("activity cancel", "DATE", "Cancels the activity of a day (holidays).",
          "club activity cancel 2026-10-07", none, G, none, none)},
    {"activity", "move", 2, 2, W,
     SPEC("activity move", "DATE DATE'T'HH:MM", "Moves an activity to another time or day.",
          "club activity move 2026-10-14 2026-10-14T15:30", none, G, none, none)},
    {"activity", "restore", 1, 1, W,
     SPEC("activity restore", "DATE", "Un-cancels an activity.", "club activity restore 2026-10-07",
          none, G, none, none)},
    {"activity", "list", 0, 0, R,
     SPEC("activity list", "", "Lists the activities.",
          "club activity list --from 2026-09-01 --to 2026-12-31", from_to, G, L, none)},
    {"checkin", "list", 0, 0, R,
     SPEC("checkin list", "", "Lists the check-ins.", "club checkin list --member 2026001",
          checkin_list, G, L, none)},
    {"checkin", "delete", 2, 2, W,
     SPEC("checkin delete", "MEMBER DATE", "Deletes a check-in entered by mistake.",
          "club checkin delete 2026001 2026-09-02 --reason 签错人", reason, G, none, none)},
    {"checkin", "", 1, 1, W,
     SPEC("checkin", "MEMBER",
          "Checks a member in to the activity of the day (30+ minutes late: half).",
          "club checkin 2026001 --at 2026-09-02T16:35", checkin, G, none, none)},
    {"leave", "list", 0, 0, R,
     SPEC("leave list", "", "Lists the excused leaves.", "club leave list", leave_list, G, L,
          none)},
    {"leave", "", 1, 1, W,
     SPEC("leave", "MEMBER",
          "Records an excused leave (请假): its activities are neither misses nor weeks away.",
          "club leave 2026001 --from 2026-11-02 --to 2026-11-20 --reason 生病", leave_add, G, none,
          none)},
    {"attendance", "report", 0, 0, R,
     SPEC("attendance report", "",
          "The attendance grid of a month or a period: per member and activity ✓ present,\n"
          "迟 late, 假 on leave, ✗ missed; then attended, possible and the rate.",
          "club attendance report --month 2026-09 --html 九月出勤.html", attendance_report, G, L,
          none)},
    {"rules", "show", 0, 0, R,
     SPEC("rules show", "", "The club's charter rules.", "club rules show", none, G, none, none)},
    {"rules", "set", 0, 0, W,
     SPEC("rules set", "", "Changes the charter rules.", "club rules set --withdraw-weeks 4",
          rules_set, G, none, none)},
    {"rules", "apply", 0, 0, W,
     SPEC("rules apply", "", "Applies the rules: withdrawals and revocations, with reasons.",
          "club rules apply --as-of 2026-10-31 --dry-run", rules_apply, G, none, none)},
    {"rules", "reward", 0, 0, R,
     SPEC("rules reward", "", "Full attendance, never late, in a period.",
          "club rules reward --from 2026-09-01 --to 2027-01-15", from_to, G, L, none)},
    {"item", "add", 0, 0, W,
     SPEC("item add", "", "Adds equipment to the register.",
          "club item add --name 19路棋盘 --kind board --size 19 --count 10 --price 45", item_add, G,
          none, none)},
    {"item", "list", 0, 0, R,
     SPEC("item list", "", "The equipment register.", "club item list", none, G, L, none)},
    {"stocktake", "report", 0, 0, R,
     SPEC("stocktake report", "", "The last count of every item, differences first.",
          "club stocktake report", none, G, L, none)},
    {"stocktake", "", 2, 2, W,
     SPEC("stocktake", "ITEM COUNTED", "Records a count of an item.",
          "club stocktake 1 9 --date 2026-12-20", stocktake, G, none, none)},
    {"loan", "out", 2, 2, W,
     SPEC("loan out", "ITEM MEMBER", "Lends equipment, due at the next activity.",
          "club loan out 1 2026001 --approver 李老师 --quantity 2", loan_out, G, none, none)},
    {"loan", "return", 1, 1, W,
     SPEC("loan return", "LOAN", "Records a return; damaged or lost is charged at the price.",
          "club loan return 3 --condition damaged", loan_return, G, none, none)},
    {"loan", "delete", 1, 1, W,
     SPEC("loan delete", "LOAN", "Deletes a loan entered by mistake (not returned).",
          "club loan delete 3 --reason 录错物品", reason, G, none, none)},
    {"loan", "paid", 1, 1, W,
     SPEC("loan paid", "LOAN", "The compensation of a damaged or lost item was paid.",
          "club loan paid 3 --date 2026-10-12", charge_paid, G, none, none)},
    {"loan", "owed", 0, 0, R,
     SPEC("loan owed", "", "Compensation not paid yet, with the member's contact.",
          "club loan owed", none, G, L, none)},
    {"loan", "list", 0, 0, R,
     SPEC("loan list", "", "Lists the loans.", "club loan list --open", loan_list, G, L, none)},
    {"loan", "overdue", 0, 0, R,
     SPEC("loan overdue", "", "Loans past their due date.", "club loan overdue", as_of, G, L,
          none)},
    {"result", "add", 0, 0, W,
     SPEC("result add", "", "Records a game's result (Article 25: two warnings lose).",
          "club result add --game 12 --winner B --by count --margin 2.75", result_add, G, none,
          none)},
    {"game", "list", 0, 0, R,
     SPEC("game list", "", "Lists the games.", "club game list --member 2026001", game_list, G, L,
          none)},
    {"event", "add", 1, 1, W,
     SPEC("event add", "NAME", "Adds an event.",
          "club event add 秋季循环赛 --kind roundrobin --cycles 2", event_add, G, none, none)},
    {"event", "list", 0, 0, R,
     SPEC("event list", "", "Lists the events.", "club event list", none, G, L, none)},
    {"event", "enter", 2, -1, W,
     SPEC("event enter", "EVENT MEMBER...", "Enters members in an event.",
          "club event enter 1 2026001 2026002 2026003", event_enter, G, none, none)},
    {"event", "withdraw", 2, 2, W,
     SPEC("event withdraw", "EVENT MEMBER", "A player leaves the event (Article 29).",
          "club event withdraw 1 2026003 --after 2", event_withdraw, G, none, none)},
    {"event", "pair", 1, 1, W,
     SPEC("event pair", "EVENT", "Pairs the next round (or the whole schedule).",
          "club event pair 1", none, G, L, none)},
    {"event", "pairings", 1, 1, R,
     SPEC("event pairings", "EVENT", "The pairings and results.", "club event pairings 1 --round 2",
          event_pairings, G, L, none)},
    {"event", "standings", 1, 1, R,
     SPEC("event standings", "EVENT",
          "The standings with the Article 28 tie-breaks, in the columns of the event's system.",
          "club event standings 1 --html standings.html", standings_opts, G, L, none)},
    {"event", "tiebreak", 1, 1, W,
     SPEC("event tiebreak", "EVENT",
          "Article 28 D: places that may not be shared, decided by lot (every shared place)\n"
          "or by a play-off (its players, the winner first), and recorded so.",
          "club event tiebreak 1 --playoff 2026003,2026001", event_tiebreak, G, standings_opts,
          none)},
    {"event", "trf", 1, 1, R,
     SPEC("event trf", "EVENT", "The event as a FIDE TRF file.", "club event trf 1 --out event.trf",
          out_file, G, none, none)},
    {"export", "", 1, 1, R,
     SPEC("export", "TABLE",
          "A table as CSV for Excel (UTF-8 with BOM, names, ranks, yuan): members, dues,\n"
          "activities, checkins, leaves, items, stocktakes, loans, games, events, entries,\n"
          "status_history.",
          "club export members --out members.csv", export_csv, G, none, none)},
    {"trf", "pair", 1, 1, R,
     SPEC("trf pair", "FILE", "The next round of a TRF tournament by the Dutch system.",
          "club trf pair tournament.trf", none, G, none, none)},
    {"backup", "", 1, 1, R,
     SPEC("backup", "FILE", "Copies the database to FILE (refused when FILE exists).",
          "club backup club-2026-12-31.db", backup, G, none, none)},
    {"restore", "", 1, 1, R,
     SPEC("restore", "FILE",
          "Replaces the database with a backup after checking it; the database as it was is\n"
          "kept beside it first (DB.before-restore-TIME).",
          "club restore club-2026-12-31.db", none, G, none, none)},
    {"log", "", 0, 0, R,
     SPEC("log", "", "The change log: who changed what, when, the old and new values, why.",
          "club log --what result", log_list, G, L, none)},
    {"check", "", 0, 0, R,
     SPEC("check", "", "Checks the database's integrity.", "club check", none, G, none, none)},
};
const size_t club_nverbs = sizeof club_verbs / sizeof club_verbs[0];

const char *const club_command_names[] = {
    "member",    "dues", "schedule", "activity", "checkin",    "leave",  "rules", "item",
    "stocktake", "loan", "result",   "game",     "event",      "export", "trf",   "backup",
    "check",     "help", "restore",  "log",      "attendance", NULL,
};

const club_verb *club_verb_find(const char *command, const char *word, bool *word_is_verb)
{
    const club_verb *bare = NULL;
    *word_is_verb = false;
    for (size_t i = 0; i < club_nverbs; i++) {
        if (strcmp(club_verbs[i].command, command) != 0)
            continue;
        if (word && strcmp(club_verbs[i].verb, word) == 0 && word[0]) {
            *word_is_verb = true;
            return &club_verbs[i];
        }
        if (!club_verbs[i].verb[0])
            bare = &club_verbs[i];
    }
    return bare;
}

int club_option_kind(const char *name, size_t len)
{
    for (size_t i = 0; i < club_nverbs; i++)
        for (int t = 0; t < 4; t++) {
            const cli_option *o = club_verbs[i].spec.options[t];
            for (; o && o->name; o++)
                if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
                    return o->value ? 1 : 0;
        }
    return -1;
}

void club_usage(FILE *out, const char *command)
{
    fprintf(out, "usage: goref club [--db FILE] [--json] COMMAND ...   (goref club COMMAND"
                 " --help: its options)\n");
    for (size_t i = 0; i < club_nverbs; i++) {
        const club_verb *v = &club_verbs[i];
        if (command && strcmp(command, v->command) != 0)
            continue;
        char line[96];
        snprintf(line, sizeof line, "%s%s%s%s%s", v->command, v->verb[0] ? " " : "", v->verb,
                 v->spec.operands[0] ? " " : "", v->spec.operands);
        const char *nl = strchr(v->spec.summary, '\n');
        fprintf(out, "  %-42s %.*s\n", line,
                (int)(nl ? (size_t)(nl - v->spec.summary) : strlen(v->spec.summary)),
                v->spec.summary);
    }
    fprintf(out,
            "\nexample:\n  goref club --db club.db member add --name 王小明 --number 2026001\n");
}
