-- POST camera frames: each line of FRAMES is a request path (a book's /recognize, /v1/scenes/locate
-- with its position) and a JPEG file, tab-separated. Each frame comes "from" a phone of its own
-- (X-Forwarded-For, believed from the loopback proxy the server is told of), as frames from many
-- phones reach a server behind Caddy: the per-address frame limit is not what is measured.
package.path = package.path .. ";" .. os.getenv("SCALEOUT_DIR") .. "/?.lua"
local report = require("report")
local frames = {}
for line in io.lines(os.getenv("FRAMES")) do
  local path, file = line:match("^([^\t]+)\t(.+)$")
  local f = assert(io.open(file, "rb"))
  local n = #frames
  frames[n + 1] = { path = path, body = f:read("*a"), from = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256) }
  f:close()
end
require("rotation").serve(frames, function(frame)
  return wrk.format("POST", frame.path, { ["Content-Type"] = "image/jpeg", ["X-Forwarded-For"] = frame.from }, frame.body)
end)
done = report.done
