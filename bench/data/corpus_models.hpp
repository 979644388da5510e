#pragma once
// C++ models of the three JSON corpora (../shared/workloads/corpus.md): canada.json (GeoJSON),
// citm_catalog.json and twitter.json. Field names are the documents' keys, so prism reflects
// them with no annotation; every key of the documents has a field.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace corpus {

// canada.json
struct canada_geometry {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
  friend bool operator==(const canada_geometry&, const canada_geometry&) = default;
};
struct canada_feature {
  std::string type;
  std::map<std::string, std::string> properties;
  canada_geometry geometry;
  friend bool operator==(const canada_feature&, const canada_feature&) = default;
};
struct canada {
  std::string type;
  std::vector<canada_feature> features;
  friend bool operator==(const canada&, const canada&) = default;
};

// citm_catalog.json
struct citm_event {
  std::optional<std::string> description;
  std::int64_t id;
  std::optional<std::string> logo;
  std::string name;
  std::vector<std::int64_t> subTopicIds;
  std::optional<std::string> subjectCode;
  std::optional<std::string> subtitle;
  std::vector<std::int64_t> topicIds;
  friend bool operator==(const citm_event&, const citm_event&) = default;
};
struct citm_area {
  std::int64_t areaId;
  std::vector<std::int64_t> blockIds;
  friend bool operator==(const citm_area&, const citm_area&) = default;
};
struct citm_seat_category {
  std::vector<citm_area> areas;
  std::int64_t seatCategoryId;
  friend bool operator==(const citm_seat_category&, const citm_seat_category&) = default;
};
struct citm_price {
  std::int64_t amount;
  std::int64_t audienceSubCategoryId;
  std::int64_t seatCategoryId;
  friend bool operator==(const citm_price&, const citm_price&) = default;
};
struct citm_performance {
  std::int64_t eventId;
  std::int64_t id;
  std::optional<std::string> logo;
  std::optional<std::string> name;
  std::vector<citm_price> prices;
  std::vector<citm_seat_category> seatCategories;
  std::optional<std::string> seatMapImage;
  std::int64_t start;
  std::string venueCode;
  friend bool operator==(const citm_performance&, const citm_performance&) = default;
};
using name_map = std::map<std::string, std::string>;
struct citm_catalog {
  name_map areaNames;
  name_map audienceSubCategoryNames;
  name_map blockNames;
  std::map<std::string, citm_event> events;
  std::vector<citm_performance> performances;
  name_map seatCategoryNames;
  name_map subTopicNames;
  name_map subjectNames;
  name_map topicNames;
  std::map<std::string, std::vector<std::int64_t>> topicSubTopics;
  name_map venueNames;
  friend bool operator==(const citm_catalog&, const citm_catalog&) = default;
};

// twitter.json
struct twitter_metadata {
  std::string result_type;
  std::string iso_language_code;
  friend bool operator==(const twitter_metadata&, const twitter_metadata&) = default;
};
struct twitter_url {
  std::string url;
  std::string expanded_url;
  std::string display_url;
  std::vector<std::int64_t> indices;
  friend bool operator==(const twitter_url&, const twitter_url&) = default;
};
struct twitter_urls {
  std::vector<twitter_url> urls;
  friend bool operator==(const twitter_urls&, const twitter_urls&) = default;
};
struct twitter_user_entities {
  std::optional<twitter_urls> url;
  twitter_urls description;
  friend bool operator==(const twitter_user_entities&, const twitter_user_entities&) = default;
};
struct twitter_user {
  std::uint64_t id;
  std::string id_str;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  std::optional<std::string> url;
  twitter_user_entities entities;
  bool protected_;
  std::int64_t followers_count;
  std::int64_t friends_count;
  std::int64_t listed_count;
  std::string created_at;
  std::int64_t favourites_count;
  std::optional<std::int64_t> utc_offset;
  std::optional<std::string> time_zone;
  bool geo_enabled;
  bool verified;
  std::int64_t statuses_count;
  std::string lang;
  bool contributors_enabled;
  bool is_translator;
  bool is_translation_enabled;
  std::string profile_background_color;
  std::string profile_background_image_url;
  std::string profile_background_image_url_https;
  bool profile_background_tile;
  std::string profile_image_url;
  std::string profile_image_url_https;
  std::optional<std::string> profile_banner_url;
  std::string profile_link_color;
  std::string profile_sidebar_border_color;
  std::string profile_sidebar_fill_color;
  std::string profile_text_color;
  bool profile_use_background_image;
  bool default_profile;
  bool default_profile_image;
  bool following;
  bool follow_request_sent;
  bool notifications;
  friend bool operator==(const twitter_user&, const twitter_user&) = default;
};
struct twitter_hashtag {
  std::string text;
  std::vector<std::int64_t> indices;
  friend bool operator==(const twitter_hashtag&, const twitter_hashtag&) = default;
};
struct twitter_mention {
  std::string screen_name;
  std::string name;
  std::uint64_t id;
  std::string id_str;
  std::vector<std::int64_t> indices;
  friend bool operator==(const twitter_mention&, const twitter_mention&) = default;
};
struct twitter_size {
  std::int64_t w;
  std::int64_t h;
  std::string resize;
  friend bool operator==(const twitter_size&, const twitter_size&) = default;
};
struct twitter_sizes {
  twitter_size medium;
  twitter_size small;
  twitter_size thumb;
  twitter_size large;
  friend bool operator==(const twitter_sizes&, const twitter_sizes&) = default;
};
struct twitter_media {
  std::uint64_t id;
  std::string id_str;
  std::vector<std::int64_t> indices;
  std::string media_url;
  std::string media_url_https;
  std::string url;
  std::string display_url;
  std::string expanded_url;
  std::string type;
  twitter_sizes sizes;
  std::optional<std::uint64_t> source_status_id;
  std::optional<std::string> source_status_id_str;
  friend bool operator==(const twitter_media&, const twitter_media&) = default;
};
struct twitter_entities {
  std::vector<twitter_hashtag> hashtags;
  std::vector<std::string> symbols;
  std::vector<twitter_url> urls;
  std::vector<twitter_mention> user_mentions;
  std::optional<std::vector<twitter_media>> media;
  friend bool operator==(const twitter_entities&, const twitter_entities&) = default;
};
struct twitter_status {
  twitter_metadata metadata;
  std::string created_at;
  std::uint64_t id;
  std::string id_str;
  std::string text;
  std::string source;
  bool truncated;
  std::optional<std::uint64_t> in_reply_to_status_id;
  std::optional<std::string> in_reply_to_status_id_str;
  std::optional<std::uint64_t> in_reply_to_user_id;
  std::optional<std::string> in_reply_to_user_id_str;
  std::optional<std::string> in_reply_to_screen_name;
  twitter_user user;
  std::optional<std::string> geo;
  std::optional<std::string> coordinates;
  std::optional<std::string> place;
  std::optional<std::string> contributors;
  std::int64_t retweet_count;
  std::int64_t favorite_count;
  twitter_entities entities;
  bool favorited;
  bool retweeted;
  std::string lang;
  std::unique_ptr<twitter_status> retweeted_status;
  std::optional<bool> possibly_sensitive;

  friend bool operator==(const twitter_status& a, const twitter_status& b);
};
struct twitter_search_metadata {
  double completed_in;
  std::uint64_t max_id;
  std::string max_id_str;
  std::string next_results;
  std::string query;
  std::string refresh_url;
  std::int64_t count;
  std::uint64_t since_id;
  std::string since_id_str;
  friend bool operator==(const twitter_search_metadata&, const twitter_search_metadata&) = default;
};
inline bool operator==(const twitter_status& a, const twitter_status& b) {
  const bool retweets_equal = (!a.retweeted_status && !b.retweeted_status) ||
                              (a.retweeted_status && b.retweeted_status && *a.retweeted_status == *b.retweeted_status);
  return retweets_equal &&
         std::tie(a.metadata, a.created_at, a.id, a.id_str, a.text, a.source, a.truncated, a.in_reply_to_status_id,
                  a.in_reply_to_status_id_str, a.in_reply_to_user_id, a.in_reply_to_user_id_str,
                  a.in_reply_to_screen_name, a.user, a.geo, a.coordinates, a.place, a.contributors, a.retweet_count,
                  a.favorite_count, a.entities, a.favorited, a.retweeted, a.lang, a.possibly_sensitive) ==
             std::tie(b.metadata, b.created_at, b.id, b.id_str, b.text, b.source, b.truncated, b.in_reply_to_status_id,
                      b.in_reply_to_status_id_str, b.in_reply_to_user_id, b.in_reply_to_user_id_str,
                      b.in_reply_to_screen_name, b.user, b.geo, b.coordinates, b.place, b.contributors,
                      b.retweet_count, b.favorite_count, b.entities, b.favorited, b.retweeted, b.lang,
                      b.possibly_sensitive);
}

struct twitter {
  std::vector<twitter_status> statuses;
  twitter_search_metadata search_metadata;
  friend bool operator==(const twitter&, const twitter&) = default;
};

}  // namespace corpus
