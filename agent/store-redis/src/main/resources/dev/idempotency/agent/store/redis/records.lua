-- Shared by every script of RecordScripts: ARGV[1] is the store's key prefix ("{table}"), KEYS the
-- records' keys. Times are the server's (TIME), in milliseconds; numbers are stored as decimal text.
local P = ARGV[1]
local STATES = {'IN_PROGRESS', 'COMPLETED', 'UNKNOWN'}
local FIELDS = {'sc', 'k', 'ep', 'fp', 'st', 'ow', 'tk', 'lu', 'at', 'rid', 'ca', 'co', 'ex', 'rs', 'rh', 'rb', 'rr'}

local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function s(n)
  return string.format('%.0f', n)
end

local function num(rk, field)
  return tonumber(redis.call('HGET', rk, field))
end

-- The record and every index entry of it.
local function remove(rk)
  redis.call('DEL', rk)
  redis.call('ZREM', P .. ':exp', rk)
  redis.call('ZREM', P .. ':lease', rk)
  for _, state in ipairs(STATES) do
    redis.call('ZREM', P .. ':state:' .. state, rk)
  end
end

-- Whether the record exists and is not past its expiry; one past it is removed, as absent.
local function live(rk, now)
  local ex = redis.call('HGET', rk, 'ex')
  if not ex then
    return false
  end
  if tonumber(ex) <= now then
    remove(rk)
    return false
  end
  return true
end

local function record(rk, now)
  local values = redis.call('HMGET', rk, unpack(FIELDS))
  values[#FIELDS + 1] = s(now)
  return values
end

local function move(rk, from, to)
  redis.call('ZREM', P .. ':state:' .. from, rk)
  redis.call('ZADD', P .. ':state:' .. to, num(rk, 'ca'), rk)
end

-- The outcome, stored: the record COMPLETED until now + ttl, kept by Redis a grace longer.
local function store_outcome(rk, now, status, headers, body, retained, ttl, grace)
  local ex = now + tonumber(ttl)
  redis.call('HSET', rk, 'st', 'COMPLETED', 'rs', status, 'rh', headers, 'rb', body, 'rr', retained,
      'co', s(now), 'ex', s(ex))
  redis.call('ZREM', P .. ':lease', rk)
  redis.call('ZADD', P .. ':exp', ex, rk)
  redis.call('PEXPIREAT', rk, ex + tonumber(grace))
end

-- An operator may settle the record: its token matches and nobody (or only a forced owner) holds it.
local function owner_gone(rk, now, expected, force)
  if not live(rk, now) or redis.call('HGET', rk, 'tk') ~= expected then
    return false
  end
  local st = redis.call('HGET', rk, 'st')
  return st == 'UNKNOWN' or (st == 'IN_PROGRESS' and (force == '1' or num(rk, 'lu') <= now))
end
