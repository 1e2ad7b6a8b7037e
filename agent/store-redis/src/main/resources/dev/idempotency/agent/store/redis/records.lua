-- Shared by every script of RecordScripts: ARGV[1] is the store's key prefix ("{table}"), KEYS the
-- records' keys. Times are the server's (TIME), in milliseconds; numbers are stored as decimal text.
-- Each record is in one index beside it, its state's: ':exp' holds the COMPLETED ones by expiry (purge,
-- counts, list); ':state:IN_PROGRESS' and ':state:UNKNOWN' the unfinished ones by creation (list, stale
-- claims, purge of the abandoned), few. One index entry per record, not one per purpose: every call
-- inside a script costs Redis's one thread a microsecond or more, and a request waits for two scripts.
local P = ARGV[1]
local UNFINISHED = {'IN_PROGRESS', 'UNKNOWN'}
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
  for _, state in ipairs(UNFINISHED) do
    redis.call('ZREM', P .. ':state:' .. state, rk)
  end
end

-- The index a record of this state is in.
local function index(state)
  return state == 'COMPLETED' and P .. ':exp' or P .. ':state:' .. state
end

-- The unfinished records past their expiry, at most limit of them: abandoned claims and unresolved
-- UNKNOWNs, whose indexes are by creation, so each entry's expiry is read.
local function expired_unfinished(now, limit)
  local found = {}
  for _, state in ipairs(UNFINISHED) do
    for _, rk in ipairs(redis.call('ZRANGE', P .. ':state:' .. state, 0, -1)) do
      if #found >= limit then
        return found
      end
      local ex = redis.call('HGET', rk, 'ex')
      if not ex or tonumber(ex) <= now then
        found[#found + 1] = rk
      end
    end
  end
  return found
end

-- The record's token, state, creation and expiry in one read: {tk, st, ca, ex}, or nil when it is
-- absent or past its expiry (one past it is removed, as absent).
local function live(rk, now)
  local r = redis.call('HMGET', rk, 'tk', 'st', 'ca', 'ex')
  if not r[4] then
    return nil
  end
  if tonumber(r[4]) <= now then
    remove(rk)
    return nil
  end
  return r
end

local function record(rk, now)
  local values = redis.call('HMGET', rk, unpack(FIELDS))
  values[#FIELDS + 1] = s(now)
  return values
end

-- An unfinished record leaves its state's index for another unfinished state's, by creation (ca).
local function move(rk, from, to, ca)
  redis.call('ZREM', index(from), rk)
  redis.call('ZADD', index(to), ca, rk)
end

-- The outcome, stored: the record COMPLETED until now + ttl, kept by Redis a grace longer; the caller
-- took it out of its unfinished state's index.
local function store_outcome(rk, now, status, headers, body, retained, ttl, grace)
  local ex = now + tonumber(ttl)
  redis.call('HSET', rk, 'st', 'COMPLETED', 'rs', status, 'rh', headers, 'rb', body, 'rr', retained,
      'co', s(now), 'ex', s(ex))
  redis.call('ZADD', P .. ':exp', ex, rk)
  redis.call('PEXPIREAT', rk, ex + tonumber(grace))
end

-- An operator may settle the record: its token matches and nobody (or only a forced owner) holds it.
-- Returns the record's {tk, st, ca, ex} when so, else nil.
local function owner_gone(rk, now, expected, force)
  local r = live(rk, now)
  if not r or r[1] ~= expected then
    return nil
  end
  if r[2] == 'UNKNOWN' or (r[2] == 'IN_PROGRESS' and (force == '1' or num(rk, 'lu') <= now)) then
    return r
  end
  return nil
end
