#pragma once
// The containers an iterative skip is inside, each with the items it still holds. A format whose
// skip walks values with a loop rather than by recursion (so that no input can exhaust the
// stack) keeps them here, so that it still refuses what its reader refuses: more containers
// open at once than limits::max_depth, counting those the reader had entered.
#include <cstddef>
#include <vector>

namespace prism::detail {

class open_containers {
 public:
  // depth_left: how many more containers may open (the limit less the reader's depth).
  explicit open_containers(std::size_t depth_left) noexcept : depth_left_(depth_left) {}

  // Takes the next item to skip: false when the value and every container in it are complete.
  // The first call takes the value itself.
  bool next() {
    while (depth_ > 0 && top() == 0) --depth_;
    if (depth_ == 0) {
      if (root_taken_) return false;
      root_taken_ = true;
      return true;
    }
    --top();
    return true;
  }

  // The item just taken is a container of n items (0 for an empty one); false, with nothing
  // opened, when it would be deeper than the limit allows.
  bool open(std::size_t n) {
    if (depth_ == depth_left_) return false;
    if (depth_ < inline_levels) {
      inline_[depth_] = n;
    } else {
      spilled_.resize(depth_ - inline_levels + 1);  // bounded by the depth limit
      spilled_.back() = n;
    }
    ++depth_;
    return true;
  }

 private:
  static constexpr std::size_t inline_levels = 32;

  std::size_t& top() noexcept { return depth_ <= inline_levels ? inline_[depth_ - 1] : spilled_[depth_ - 1 - inline_levels]; }

  std::size_t depth_left_;
  std::size_t depth_ = 0;
  bool root_taken_ = false;
  std::size_t inline_[inline_levels];
  std::vector<std::size_t> spilled_;
};

}  // namespace prism::detail
