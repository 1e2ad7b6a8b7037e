-- ARGV 2 what: 'expired', 'stale', 'records', or a state. Returns the count.
local now = now_ms()
local what = ARGV[2]
local completed_expired = redis.call('ZCOUNT', P .. ':exp', '-inf', now)
if what == 'expired' then
  return completed_expired + #expired_unfinished(now, math.huge)
end
if what == 'records' then
  local count = redis.call('ZCARD', P .. ':exp')
  for _, state in ipairs(UNFINISHED) do
    count = count + redis.call('ZCARD', P .. ':state:' .. state)
  end
  return count
end
if what == 'COMPLETED' then
  return redis.call('ZCARD', P .. ':exp') - completed_expired
end
-- an unfinished state's live records, or (stale) the claims past their lease but not their expiry:
-- the index holds the requests in flight and the UNKNOWNs not yet resolved, few
local count = 0
local state = what == 'stale' and 'IN_PROGRESS' or what
for _, rk in ipairs(redis.call('ZRANGE', P .. ':state:' .. state, 0, -1)) do
  local r = redis.call('HMGET', rk, 'lu', 'ex')
  if r[2] and tonumber(r[2]) > now and (what ~= 'stale' or tonumber(r[1]) <= now) then
    count = count + 1
  end
end
return count
