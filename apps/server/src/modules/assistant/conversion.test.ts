import { describe, expect, it } from 'vitest'
import { conversion } from './conversion.ts'

describe('a unit conversion asked in a message', () => {
  it.each([
    ['How many km is 10 miles?', '10 mi = **16.09 km**'],
    ['convert 26.2 miles to kilometres', '26.2 mi = **42.16 km**'],
    ['5 ft in cm', '5 ft = **152.4 cm**'],
    ['how many cm in an inch', '1 in = **2.54 cm**'],
    ['what is 1,000 m in km?', '1,000 m = **1 km**'],
    ['3 kg to lbs', '3 kg = **6.61 lb**'],
    ['how many grams in an ounce?', '1 oz = **28.35 g**'],
    ['how many ounces in a pound?', '1 lb = **16 oz**'],
    ['12 stone in kg', '12 stone = **76.2 kg**'],
    ['How many cups are in a gallon?', '1 gal (US) = **16 cups (US)**'],
    ['2 liters to cups', '2 l = **8.45 cups (US)**'],
    ['12 fl oz to ml', '12 fl oz (US) = **354.88 ml**'],
    ['how many tablespoons in a cup?', '1 cup (US) = **16 tbsp**'],
    ['100 km/h in mph', '100 km/h = **62.14 mph**'],
    ['Convert 70 F to C', '70°F = **21.11°C**'],
    ["what's 70 degrees fahrenheit in celsius?", '70°F = **21.11°C**'],
    ['-40 c in f', '-40°C = **-40°F**'],
    ['0 c to kelvin', '0°C = **273.15 K**'],
    ['how many hours in a week', '1 week = **168 h**'],
    ['how many minutes is 2.5 hours?', '2.5 h = **150 min**'],
    ['1 mile in meters', '1 mi = **1,609.3 m**'],
    ['0.5 lb in kg', '0.5 lb = **0.2268 kg**'],
    ["what's 180 cm in feet?", '180 cm = **5.91 ft** (5 ft 10.9 in)'],
    ['2 m in ft', '2 m = **6.56 ft** (6 ft 6.7 in)'],
    ['1.8288 m in ft', '1.83 m = **6 ft**'],
    ['What is 5 ft 10 in in cm?', '5 ft 10 in = **177.8 cm**'],
    ['6 lb 4 oz to kg', '6 lb 4 oz = **2.83 kg**'],
    ['convert 1 hour and 30 minutes to minutes', '1 h 30 min = **90 min**'],
  ])('%s → %s', (message, expected) => {
    expect(conversion(message)?.text).toBe(expected)
  })

  it('says why units of different kinds cannot be converted', () => {
    expect(conversion('10 km to kg')).toEqual({ text: "I can't convert km to kg: a length is not a weight." })
  })

  it.each([
    'What is 15% of 80?',
    'how many days in December?',
    'how many days until Christmas?',
    'remember 5 km run in the park',
    'I ran 10 km in the morning',
    '10 km to km',
    'walk 3 miles to the beach',
    '5 ft 10 kg in cm',
    '20 c 30 f in k',
  ])('leaves "%s" alone', (message) => {
    expect(conversion(message)).toBeNull()
  })
})
