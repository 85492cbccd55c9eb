-- wrk script for `make bench-service`: POST /api/count with the body in $GOREF_BENCH_BODY.
local f = assert(io.open(os.getenv("GOREF_BENCH_BODY"), "r"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
