"""The sister games of Space Defender 2: Star Lanes, Super Star Trek and Star Canine.

`basic` is the Microsoft-BASIC runtime that the two BASIC games share.
"""
