-- What the wrk scripts share: the requests made from a list in turn, each thread starting at its
-- own offset so that threads do not ask the same thing at once. `serve(items, make)` defines wrk's
-- setup, init and request; make(item) returns the request (wrk.format).
local rotation = {}

function rotation.serve(items, make)
  local threads, next_index = 0, 1
  function setup(thread)
    threads = threads + 1
    thread:set("start", threads * 997)
  end
  function init(args) next_index = (start or 1) % #items + 1 end
  function request()
    local item = items[next_index]
    next_index = next_index % #items + 1
    return make(item)
  end
end

return rotation
