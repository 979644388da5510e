#pragma once
// RFC 3339 timestamps for std::chrono time points: "2024-05-06T07:08:09.123Z" on write (UTC,
// the fraction to the clock's precision without trailing zeros), any offset on read.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ratio>

namespace prism::json_detail {

inline constexpr std::size_t max_timestamp_chars = 40;

inline char* put_digits(char* p, std::int64_t v, int width) noexcept {
  for (int i = width - 1; i >= 0; --i) {
    p[i] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
  return p + width;
}

// Writes the timestamp without quotes; returns the end. Years outside 0000-9999 are not
// representable in RFC 3339: returns nullptr.
template <class TimePoint>
char* format_timestamp(const TimePoint& tp, char* p) noexcept {
  using namespace std::chrono;
  using duration = typename TimePoint::duration;
  const auto since = tp.time_since_epoch();
  const auto day = floor<days>(since);
  const year_month_day ymd{sys_days{day}};
  if (int(ymd.year()) < 0 || int(ymd.year()) > 9999) return nullptr;
  const auto in_day = since - day;
  const auto secs = duration_cast<seconds>(in_day);
  p = put_digits(p, int(ymd.year()), 4);
  *p++ = '-';
  p = put_digits(p, unsigned(ymd.month()), 2);
  *p++ = '-';
  p = put_digits(p, unsigned(ymd.day()), 2);
  *p++ = 'T';
  const auto s = secs.count();
  p = put_digits(p, s / 3600, 2);
  *p++ = ':';
  p = put_digits(p, s / 60 % 60, 2);
  *p++ = ':';
  p = put_digits(p, s % 60, 2);
  using period = typename duration::period;
  if constexpr (std::ratio_less_v<period, std::ratio<1>>) {
    int digits = 0;
    for (std::intmax_t d = period::den / period::num; d > 1; d /= 10) ++digits;
    auto fraction = static_cast<std::int64_t>((in_day - secs).count());
    if (fraction != 0) {
      while (fraction % 10 == 0 && digits > 0) {
        fraction /= 10;
        --digits;
      }
      *p++ = '.';
      p = put_digits(p, fraction, digits);
    }
  }
  *p++ = 'Z';
  return p;
}

// Parses RFC 3339 date-time; false when the text is not one or does not fit the time point.
template <class TimePoint>
bool parse_timestamp(const char* s, std::size_t n, TimePoint& out) noexcept {
  using namespace std::chrono;
  std::size_t i = 0;
  const auto number = [&](int width, int& v) {
    if (n - i < static_cast<std::size_t>(width)) return false;
    v = 0;
    for (int k = 0; k < width; ++k, ++i) {
      if (s[i] < '0' || s[i] > '9') return false;
      v = v * 10 + (s[i] - '0');
    }
    return true;
  };
  const auto expect = [&](char a, char b = 0) {
    if (i < n && (s[i] == a || (b && s[i] == b))) return ++i, true;
    return false;
  };
  int Y, M, D, h, m, sec;
  if (!number(4, Y) || !expect('-') || !number(2, M) || !expect('-') || !number(2, D) || !expect('T', 't') ||
      !number(2, h) || !expect(':') || !number(2, m) || !expect(':') || !number(2, sec))
    return false;
  const year_month_day ymd{year{Y}, month{static_cast<unsigned>(M)}, day{static_cast<unsigned>(D)}};
  if (!ymd.ok() || h > 23 || m > 59 || sec > 60) return false;  // 60: a leap second, read as :59 + 1s
  std::int64_t nanos = 0;
  if (i < n && s[i] == '.') {
    ++i;
    int digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      if (digits < 9) nanos = nanos * 10 + (s[i] - '0');
      ++digits;
      ++i;
    }
    if (digits == 0) return false;
    for (int k = digits; k < 9; ++k) nanos *= 10;
  }
  int offset_minutes = 0;
  if (expect('Z', 'z')) {
  } else if (i < n && (s[i] == '+' || s[i] == '-')) {
    const int sign = s[i++] == '-' ? -1 : 1;
    int oh, om;
    if (!number(2, oh) || !expect(':') || !number(2, om) || oh > 23 || om > 59) return false;
    offset_minutes = sign * (oh * 60 + om);
  } else {
    return false;
  }
  if (i != n) return false;
  const seconds secs = sys_days{ymd}.time_since_epoch() + hours{h} + minutes{m - offset_minutes} + seconds{sec};
  // The instant itself must lie in years 0000-9999 (an offset can move it out), and fit the
  // time point's representation.
  constexpr seconds earliest = sys_days{year{0} / 1 / 1}.time_since_epoch();
  constexpr seconds latest = sys_days{year{10000} / 1 / 1}.time_since_epoch();
  if (secs < earliest || secs >= latest) return false;
  using duration = typename TimePoint::duration;
  using wide = std::chrono::duration<long double, typename duration::period>;
  const wide as_wide = std::chrono::duration_cast<wide>(secs);
  if (as_wide.count() > static_cast<long double>(duration::max().count()) - 1e9L ||
      as_wide.count() < static_cast<long double>(duration::min().count()) + 1e9L) {
    return false;
  }
  out = TimePoint(duration_cast<duration>(secs) + duration_cast<duration>(nanoseconds{nanos}));
  return true;
}

}  // namespace prism::json_detail
