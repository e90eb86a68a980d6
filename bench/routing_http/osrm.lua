-- GET /route/v1/foot between the pairs of ROUTES_PAIRS with what WorldLayer's answer carries: the steps
-- and the whole geometry as GeoJSON (no hints, which WorldLayer has no counterpart of).
package.path = package.path .. ";" .. os.getenv("ROUTES_DIR") .. "/?.lua"
require("pairs").serve(function(a, b, c, d)
  return wrk.format("GET", string.format(
    "/route/v1/foot/%s,%s;%s,%s?steps=true&overview=full&geometries=geojson&generate_hints=false", b, a, d, c))
end)
