-- KEYS[1] record. Returns the record or nil.
local rk = KEYS[1]
if redis.call('EXISTS', rk) == 0 then
  return false
end
return record(rk, now_ms())
