-- POST /v1/routes between the pairs of ROUTES_PAIRS (lat lon lat lon a line), each thread from its own offset.
package.path = package.path .. ";" .. os.getenv("ROUTES_DIR") .. "/../scaleout/?.lua"
local report = require("report")
local bodies = {}
for line in io.lines(os.getenv("ROUTES_PAIRS")) do
  local a, b, c, d = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
  if a then
    bodies[#bodies + 1] = string.format(
      '{"from":{"latitude":%s,"longitude":%s},"to":{"latitude":%s,"longitude":%s}}', a, b, c, d)
  end
end
local threads, next_index = 0, 1

function setup(thread)
  threads = threads + 1
  thread:set("start", threads * 997)
end

function init(args) next_index = (start or 1) % #bodies + 1 end

function request()
  local body = bodies[next_index]
  next_index = next_index % #bodies + 1
  return wrk.format("POST", "/v1/routes", { ["Content-Type"] = "application/json" }, body)
end

done = report.done
