-- PUT /v1/stickers/{new id}: a private draft sticker each, written by one signed-in person
-- (SCALEOUT_TOKEN), at places spread over central Helsinki. A 201 each; anything else is counted.
package.path = package.path .. ";" .. os.getenv("SCALEOUT_DIR") .. "/?.lua"
local report = require("report")
local token = os.getenv("SCALEOUT_TOKEN")
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

function init(args)
  math.randomseed(os.time() * 100 + (seed or 0))
end

-- A version 4 UUID, sixteen bits at a time (LuaJIT's random takes 32-bit bounds).
local function uuid()
  local r = function() return math.random(0, 0xffff) end
  return string.format("%04x%04x-%04x-4%03x-%04x-%04x%04x%04x", r(), r(), r(), math.random(0, 0xfff),
    0x8000 + math.random(0, 0x3fff), r(), r(), r())
end

function request()
  local body = string.format(
    '{"templateId":"sticky-note","text":"scaleout","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],' ..
    '"anchor":{"latitude":%.6f,"longitude":%.6f,"altitude":20,"accuracy":3},"visibility":"private","sharedWith":[]}',
    60.16 + math.random() * 0.02, 24.93 + math.random() * 0.03)
  return wrk.format("PUT", "/v1/stickers/" .. uuid(), {
    ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end

done = report.done
