-- POST /v1/routes between the pairs of ROUTES_PAIRS, each thread from its own offset.
package.path = package.path .. ";" .. os.getenv("ROUTES_DIR") .. "/?.lua"
require("pairs").serve(function(a, b, c, d)
  return wrk.format("POST", "/v1/routes", { ["Content-Type"] = "application/json" }, string.format(
    '{"from":{"latitude":%s,"longitude":%s},"to":{"latitude":%s,"longitude":%s}}', a, b, c, d))
end)
