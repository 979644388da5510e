#include <prism/zserio.hpp>

#include "data/zserio_models.hpp"
#include "fuzz_target.hpp"
#include "targets.hpp"
#include "zserio/features.hpp"

int fuzz_zserio(const std::uint8_t* data, std::size_t size) {
  using namespace zserio_models;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<prism::zserio, features::Features>(input);
  fuzz_one<prism::zserio, addressbook::AddressBook<layout::packed>>(input);
  fuzz_one<prism::zserio, carsales::CarSales<layout::packed>>(input);
  fuzz_one<prism::zserio, simpletrace::SimpleTrace<layout::packed>>(input);
  fuzz_one<prism::zserio, apollo::Map>(input);
  return 0;
}
