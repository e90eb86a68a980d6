-- GET /route/v1/foot between the pairs of ROUTES_PAIRS with what WorldLayer's answer carries: the steps
-- and the whole geometry as GeoJSON (no hints, which WorldLayer has no counterpart of).
package.path = package.path .. ";" .. os.getenv("ROUTES_DIR") .. "/../scaleout/?.lua"
local report = require("report")
local paths = {}
for line in io.lines(os.getenv("ROUTES_PAIRS")) do
  local a, b, c, d = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
  if a then
    paths[#paths + 1] = string.format(
      "/route/v1/foot/%s,%s;%s,%s?steps=true&overview=full&geometries=geojson&generate_hints=false", b, a, d, c)
  end
end
local threads, next_index = 0, 1

function setup(thread)
  threads = threads + 1
  thread:set("start", threads * 997)
end

function init(args) next_index = (start or 1) % #paths + 1 end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  return wrk.format("GET", path)
end

done = report.done
