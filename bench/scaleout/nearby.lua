-- GET /v1/stickers/nearby at the queries of SCALEOUT_QUERIES (bench/nearby_data.py's TSV: latitude,
-- longitude, radius, viewer), each thread starting at its own offset, anonymous (public stickers).
package.path = package.path .. ";" .. os.getenv("SCALEOUT_DIR") .. "/?.lua"
local report = require("report")
local queries = {}
for line in io.lines(os.getenv("SCALEOUT_QUERIES")) do
  local lat, lon, radius = line:match("^([^\t]+)\t([^\t]+)\t([^\t]+)")
  if lat then queries[#queries + 1] = string.format("/v1/stickers/nearby?latitude=%s&longitude=%s&radius=%s&limit=50", lat, lon, radius) end
end
require("rotation").serve(queries, function(path) return wrk.format("GET", path) end)
done = report.done
