-- ARGV 2 at most this many. Removes records past their expiry (Redis may have dropped the hash
-- already, a grace after it): completed ones by the expiry index, then unfinished ones; returns how many.
local now = now_ms()
local limit = tonumber(ARGV[2])
local expired = redis.call('ZRANGEBYSCORE', P .. ':exp', '-inf', now, 'LIMIT', 0, limit)
for _, rk in ipairs(expired_unfinished(now, limit - #expired)) do
  expired[#expired + 1] = rk
end
for _, rk in ipairs(expired) do
  remove(rk)
end
return #expired
