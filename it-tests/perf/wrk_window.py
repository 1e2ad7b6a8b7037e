"""Reads one wrk --latency report on stdin; prints: requests rps p50_ms p99_ms non2xx seconds."""
import re
import sys

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def millis(text):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * UNITS[unit]


report = sys.stdin.read()
seconds = float(sys.argv[1])
requests = int(re.search(r"(\d+) requests in", report).group(1))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", report).group(1))
percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", report, re.M))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", report)
errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", report)
failed = (int(non2xx.group(1)) if non2xx else 0) + (sum(map(int, errors.groups())) if errors else 0)
print(requests, round(rps, 1), round(millis(percentiles["50"]), 3), round(millis(percentiles["99"]), 3),
      failed, seconds)
