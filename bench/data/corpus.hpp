#pragma once
// The corpus documents: the real files (--data DIR) or built-in seeded generators that produce
// documents of the same shape, size and value statistics (../shared/workloads/corpus.md).
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>

#include <prism/json.hpp>

#include "data/corpus_models.hpp"
#include "data/file_text.hpp"

namespace corpus {

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  std::int64_t integer(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng_); }
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  bool coin(double p = 0.5) { return std::bernoulli_distribution(p)(rng_); }

  std::string ascii(std::size_t lo, std::size_t hi) {
    static constexpr char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";
    std::string s(static_cast<std::size_t>(integer(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi))), ' ');
    for (auto& c : s) c = letters[integer(0, sizeof letters - 2)];
    return s;
  }
  // French-looking names: ASCII with some accented letters (2-byte UTF-8).
  std::string french(std::size_t lo, std::size_t hi) {
    std::string s = ascii(lo, hi);
    for (std::size_t i = 0; i + 1 < s.size(); i += 7) s.replace(i, 1, coin(0.3) ? "\xc3\xa8" : "e");
    return s;
  }
  // Tweets: CJK text (3-byte UTF-8) mixed with ASCII, some escapes.
  std::string tweet() {
    std::string s;
    const auto n = integer(20, 70);
    for (std::int64_t i = 0; i < n; ++i) {
      if (coin(0.55)) {
        const auto cp = static_cast<std::uint32_t>(integer(0x4E00, 0x9FFF));
        s += static_cast<char>(0xE0 | (cp >> 12));
        s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (cp & 0x3F));
      } else if (coin(0.04)) {
        s += coin() ? "\n" : "\"";
      } else {
        s += ascii(1, 1);
      }
    }
    return s;
  }
  // A tweet's first characters, about n bytes, cut at a character boundary.
  std::string short_tweet(std::size_t n) {
    std::string s = tweet();
    if (s.size() > n) s.resize(n);
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty() && static_cast<unsigned char>(s.back()) >= 0xC0) s.pop_back();
    return s;
  }
  std::string digits(std::size_t n) {
    std::string s = std::to_string(integer(1, 9));
    while (s.size() < n) s += static_cast<char>('0' + integer(0, 9));
    return s;
  }

 private:
  std::mt19937_64 rng_;
};

inline canada make_canada(std::uint64_t seed = 1) {
  generator g(seed);
  canada c{"FeatureCollection", {}};
  canada_feature f{"Feature", {{"name", "Canada"}}, {"Polygon", {}}};
  for (int ring = 0; ring < 480; ++ring) {
    auto& points = f.geometry.coordinates.emplace_back();
    const auto n = g.integer(4, 227);
    double lon = g.real(-141, -52), lat = g.real(41, 83);
    for (std::int64_t i = 0; i < n; ++i) {
      lon += g.real(-0.05, 0.05);
      lat += g.real(-0.05, 0.05);
      points.push_back({lon, lat});
    }
  }
  c.features.push_back(std::move(f));
  return c;
}

inline citm_catalog make_citm(std::uint64_t seed = 2) {
  generator g(seed);
  citm_catalog c{};
  const auto id = [&] { return g.integer(100000000, 399999999); };
  for (int i = 0; i < 17; ++i) c.areaNames[std::to_string(id())] = g.french(8, 32);
  c.audienceSubCategoryNames[std::to_string(id())] = "Abonn\xc3\xa9";
  for (int i = 0; i < 64; ++i) c.seatCategoryNames[std::to_string(id())] = g.french(8, 20);
  for (int i = 0; i < 19; ++i) c.subTopicNames[std::to_string(id())] = g.french(6, 24);
  for (int i = 0; i < 4; ++i) {
    const std::string topic = std::to_string(id());
    c.topicNames[topic] = g.french(6, 16);
    for (int k = 0, n = static_cast<int>(g.integer(1, 8)); k < n; ++k) c.topicSubTopics[topic].push_back(id());
  }
  c.venueNames["PLEYEL_PLEYEL"] = "Salle Pleyel";
  std::vector<std::int64_t> event_ids;
  for (int i = 0; i < 184; ++i) {
    citm_event e{};
    e.id = id();
    if (g.coin(0.1)) e.logo = "/images/UE0AAAAACEKo6QAAAAVDSVRN";
    e.name = g.french(10, 60);
    for (int k = 0, n = static_cast<int>(g.integer(1, 4)); k < n; ++k) e.subTopicIds.push_back(id());
    for (int k = 0, n = static_cast<int>(g.integer(1, 3)); k < n; ++k) e.topicIds.push_back(id());
    event_ids.push_back(e.id);
    c.events[std::to_string(e.id)] = std::move(e);
  }
  for (int i = 0; i < 243; ++i) {
    citm_performance p{};
    p.eventId = event_ids[static_cast<std::size_t>(g.integer(0, 183))];
    p.id = id();
    for (int k = 0, n = static_cast<int>(g.integer(1, 5)); k < n; ++k) p.prices.push_back({g.integer(10, 200) * 500, id(), id()});
    for (int k = 0, n = static_cast<int>(g.integer(1, 5)); k < n; ++k) {
      citm_seat_category s{{}, id()};
      for (int a = 0, m = static_cast<int>(g.integer(1, 15)); a < m; ++a) s.areas.push_back({id(), {}});
      p.seatCategories.push_back(std::move(s));
    }
    p.start = 1372700000000 + g.integer(0, 30000000000);
    p.venueCode = "PLEYEL_PLEYEL";
    c.performances.push_back(std::move(p));
  }
  return c;
}

inline twitter_user make_user(generator& g) {
  twitter_user u{};
  u.id = static_cast<std::uint64_t>(g.integer(1000000, 2800000000));
  u.id_str = std::to_string(u.id);
  u.name = g.short_tweet(30);
  u.screen_name = g.ascii(5, 15);
  u.location = g.coin() ? "" : g.ascii(3, 20);
  u.description = g.tweet();
  if (g.coin(0.3)) {
    u.url = "http://t.co/" + g.ascii(10, 10);
    u.entities.url = twitter_urls{{{*u.url, "http://" + g.ascii(10, 30), g.ascii(10, 20), {0, 22}}}};
  }
  u.followers_count = g.integer(0, 20000);
  u.friends_count = g.integer(0, 5000);
  u.listed_count = g.integer(0, 100);
  u.created_at = "Sat Feb 16 13:40:25 +0000 2013";
  u.favourites_count = g.integer(0, 10000);
  if (g.coin(0.6)) {
    u.utc_offset = 32400;
    u.time_zone = "Tokyo";
  }
  u.statuses_count = g.integer(0, 100000);
  u.lang = "ja";
  u.profile_background_color = "C0DEED";
  u.profile_background_image_url = "http://abs.twimg.com/images/themes/theme1/bg.png";
  u.profile_background_image_url_https = "https://abs.twimg.com/images/themes/theme1/bg.png";
  u.profile_image_url = "http://pbs.twimg.com/profile_images/" + g.digits(18) + "/" + g.ascii(8, 8) + "_normal.jpeg";
  u.profile_image_url_https = "https://pbs.twimg.com/profile_images/" + g.digits(18) + "/" + g.ascii(8, 8) + "_normal.jpeg";
  if (g.coin(0.5)) u.profile_banner_url = "https://pbs.twimg.com/profile_banners/" + u.id_str + "/" + g.digits(10);
  u.profile_link_color = "0084B4";
  u.profile_sidebar_border_color = "C0DEED";
  u.profile_sidebar_fill_color = "DDEEF6";
  u.profile_text_color = "333333";
  u.profile_use_background_image = true;
  u.default_profile = g.coin();
  return u;
}

inline twitter_status make_status(generator& g, bool allow_retweet) {
  twitter_status s{};
  s.metadata = {"recent", "ja"};
  s.created_at = "Sun Aug 31 00:29:15 +0000 2014";
  s.id = 505874924095815681ull - static_cast<std::uint64_t>(g.integer(0, 100000000));
  s.id_str = std::to_string(s.id);
  s.text = g.tweet();
  s.source = "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>";
  if (g.coin(0.2)) {
    s.in_reply_to_status_id = s.id - 1000;
    s.in_reply_to_status_id_str = std::to_string(*s.in_reply_to_status_id);
    s.in_reply_to_user_id = static_cast<std::uint64_t>(g.integer(1000000, 2800000000));
    s.in_reply_to_user_id_str = std::to_string(*s.in_reply_to_user_id);
    s.in_reply_to_screen_name = g.ascii(5, 15);
  }
  s.user = make_user(g);
  s.retweet_count = g.integer(0, 500);
  s.favorite_count = g.integer(0, 300);
  for (int k = 0, n = static_cast<int>(g.integer(0, 2)); k < n; ++k) s.entities.hashtags.push_back({g.short_tweet(9), {3, 12}});
  for (int k = 0, n = static_cast<int>(g.integer(0, 2)); k < n; ++k) {
    const auto uid = static_cast<std::uint64_t>(g.integer(1000000, 2800000000));
    s.entities.user_mentions.push_back({g.ascii(5, 15), g.ascii(3, 20), uid, std::to_string(uid), {3, 15}});
  }
  s.lang = "ja";
  if (allow_retweet && g.coin(0.73)) s.retweeted_status = std::make_unique<twitter_status>(make_status(g, false));
  if (g.coin(0.2)) s.possibly_sensitive = false;
  return s;
}

inline twitter make_twitter(std::uint64_t seed = 3) {
  generator g(seed);
  twitter t{};
  for (int i = 0; i < 100; ++i) t.statuses.push_back(make_status(g, true));
  t.search_metadata = {0.087, 505874924095815681ull, "505874924095815681", "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1",
                       "%E4%B8%80", "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1", 100, 0, "0"};
  return t;
}

// The document text: the real file when `data_dir` has it, else the generated model written
// as the original is laid out (canada and twitter compact, citm indented by four spaces).
template <class T>
std::string document_text(const std::string& data_dir, const char* file, const T& generated, bool indented) {
  if (!data_dir.empty()) {
    if (auto text = bench_io::file_text(std::filesystem::path(data_dir) / file)) return std::move(*text);
  }
  auto text = indented ? prism::write<prism::json, prism::json_options{.pretty = true, .indent = 4}>(generated)
                       : prism::write<prism::json>(generated);
  return text.value();
}

}  // namespace corpus
