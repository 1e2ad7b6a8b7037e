-- KEYS the records; ARGV 2 lease ms, 3.. each record's token. Returns how many were renewed.
local now = now_ms()
local lu = s(now + tonumber(ARGV[2]))
local renewed = 0
for i, rk in ipairs(KEYS) do
  local r = live(rk, now)
  if r and r[1] == ARGV[i + 2] and r[2] == 'IN_PROGRESS' then
    redis.call('HSET', rk, 'lu', lu)
    renewed = renewed + 1
  end
end
return renewed
