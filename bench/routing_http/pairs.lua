-- The pairs of ROUTES_PAIRS (lat lon lat lon a line) as wrk requests made by `make(a, b, c, d)`, in turn.
package.path = package.path .. ";" .. os.getenv("ROUTES_DIR") .. "/../scaleout/?.lua"
local pairs_ = {}

function pairs_.serve(make)
  local items = {}
  for line in io.lines(os.getenv("ROUTES_PAIRS")) do
    local a, b, c, d = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
    if a then items[#items + 1] = { a, b, c, d } end
  end
  require("rotation").serve(items, function(p) return make(p[1], p[2], p[3], p[4]) end)
  done = require("report").done
end

return pairs_
